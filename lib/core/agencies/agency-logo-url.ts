// The public URL of an agency's logo, versioned by the agency's last update so browsers
// and proxies never show a replaced logo from cache.
export function agencyLogoUrl(agency: { id: string; logoMimeType: string | null; updatedAt: Date }): string | null {
  return agency.logoMimeType ? `/api/agencies/${agency.id}/logo?v=${agency.updatedAt.getTime()}` : null;
}
