"use client";
// Offboarding with the client's consent, on a client's page: where removing the agency needs
// the client's own sign-in, "Email a removal link" per platform, and each link's status
// (sent, signed in, completed, expired or replaced) with what it removed.
import { useRouter } from "next/navigation";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { CreatedRemovalLink } from "@/lib/core/removal-links/create-removal-link";
import type { RemovalLinkStatus, RemovalLinkView } from "@/lib/core/removal-links/list-removal-links";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { runAction } from "@/components/ui/action-feedback";

const STATUS: Record<RemovalLinkStatus, { tone: BadgeTone; label: string }> = {
  sent: { tone: "blue", label: "Sent" },
  signed_in: { tone: "blue", label: "Client signed in" },
  completed: { tone: "green", label: "Completed" },
  replaced: { tone: "gray", label: "Replaced by a newer link" },
  expired: { tone: "gray", label: "Expired" },
};

export interface RemovalLinksPanelProps {
  clientId: string;
  /** platforms where a removal link can remove something now */
  platforms: { platform: string; name: string }[];
  links: RemovalLinkView[];
  platformNames: Record<string, string>;
  canSend: boolean;
  sendLink: (input: { clientId: string; platform: string }) => Promise<ActionResult<CreatedRemovalLink>>;
}

export function RemovalLinksPanel({
  clientId,
  platforms,
  links,
  platformNames,
  canSend,
  sendLink,
}: RemovalLinksPanelProps) {
  const router = useRouter();
  if (platforms.length === 0 && links.length === 0) return null;
  return (
    <Card
      title="Removal with the client's consent"
      description="On these platforms only an admin of the asset can remove the agency: the client gets an email with a single-use link, signs in and confirms."
    >
      {canSend && platforms.length > 0 ? (
        <div className="mb-4 flex flex-wrap gap-2">
          {platforms.map((p) => (
            <Button
              key={p.platform}
              size="sm"
              variant="secondary"
              onClick={async () => {
                const r = await runAction(() => sendLink({ clientId, platform: p.platform }), {
                  success: `Removal link for ${p.name} emailed to the client.`,
                });
                if (r) router.refresh();
              }}
            >
              Email a removal link for {p.name}
            </Button>
          ))}
        </div>
      ) : null}
      {links.length > 0 ? (
        <Table caption="Removal links sent to this client">
          <THead>
            <Tr>
              <Th>Platform</Th>
              <Th>Status</Th>
              <Th>Sent</Th>
              <Th>Result</Th>
            </Tr>
          </THead>
          <TBody>
            {links.map((l) => (
              <Tr key={l.id}>
                <Td>{platformNames[l.platform] ?? l.platform}</Td>
                <Td>
                  <Badge tone={STATUS[l.status].tone}>{STATUS[l.status].label}</Badge>
                </Td>
                <Td>
                  <DateTime value={l.createdAt} /> <span className="text-slate-600">by {l.createdBy}</span>
                </Td>
                <Td className="text-sm text-slate-700">
                  {l.status === "completed" ? (
                    <>
                      {l.removed} removed{l.failed > 0 ? `, ${l.failed} refused` : ""}
                      {l.completedAt ? (
                        <>
                          {" "}
                          (<DateTime value={l.completedAt} />)
                        </>
                      ) : null}
                    </>
                  ) : (
                    "—"
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : null}
    </Card>
  );
}
