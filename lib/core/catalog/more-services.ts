// The catalog's manual services beyond the first 26: the tools agencies are
// most often asked for access to. None is granted in one click: the client follows the
// steps written from the platform's own help page (`docs`), then says "I've sent the
// invite" (client_invite: the platform sends an invitation the agency accepts) or the
// agency confirms (instructions: access works at once). `{agencyAccount}` is the email of
// the agency's connected account on that platform, which every one of these steps uses.
//
// Where a platform documents an API that grants access from the client's side, the spec
// says so in a comment; none is wired yet (see the platform table in docs/platforms.md).
//
// Kept apart from catalog.ts, which appends these ids after the original ones so the order
// of GET /services for existing services never changes.

import type { CatalogRole, ServiceSpec } from "@/lib/core/catalog/catalog-types";

export const MORE_SERVICE_IDS = [
  "google_looker_studio",
  "google_search_ads_360",
  "snapchat_business_manager",
  "amazon_ads",
  "apple_search_ads",
  "reddit_ads",
  "clarity_project",
  "bing_webmaster_tools",
  "hotjar_organization",
  "semrush_project",
  "cookiebot_account",
  "profitmetrics_account",
  "channable_company",
  "lightspeed_store",
  "mailchimp_account",
  "activecampaign_account",
  "wix_site",
  "webflow_site",
  "squarespace_site",
] as const;
export type MoreServiceId = (typeof MORE_SERVICE_IDS)[number];

function role(value: string, label: string, readOnly = false): CatalogRole {
  return { value, label, readOnly };
}

const confirmInvite = "Confirm below that you've sent the invite.";

export const MORE_SERVICE_SPECS: Record<MoreServiceId, ServiceSpec> = {
  google_looker_studio: {
    platform: "google",
    name: "Looker Studio",
    roles: [role("editor", "Editor"), role("viewer", "Viewer", true)],
    // Client-side grant API: the Looker Studio API adds members to an asset
    // (POST https://datastudio.googleapis.com/v1/assets/{assetName}/permissions:addMembers,
    // https://developers.google.com/looker-studio/integrate/api/reference/permissions/addMembers),
    // but only for Google Workspace or Cloud Identity organisations that enable it; a report
    // shared from a personal account is shared by hand, so this stays manual.
    flow: "instructions",
    steps: [
      "Open the report in Looker Studio (lookerstudio.google.com) with an account that owns or can edit it.",
      "Click Share at the top right.",
      "Enter {agencyAccount}, choose the access requested (Can edit or Can view) and click Send.",
    ],
    docs: "https://support.google.com/looker-studio/answer/7660024",
  },
  google_search_ads_360: {
    platform: "google",
    name: "Search Ads 360",
    roles: [
      role("admin", "Admin"),
      role("admin_without_billing", "Admin without billing"),
      role("standard", "Standard without billing"),
      role("read_only", "Read-only without billing", true),
    ],
    flow: "client_invite",
    steps: [
      "Sign in to Search Ads 360 and open your manager or sub-manager account.",
      "In the page menu, under Tools and settings, click Setup, then Access & security.",
      "On the Users tab, click the plus button, enter {agencyAccount} and choose the access level requested.",
      "Click Send invitation.",
      confirmInvite,
    ],
    docs: "https://support.google.com/sa360/answer/12357023",
  },
  snapchat_business_manager: {
    platform: "snapchat",
    name: "Snapchat Business Manager",
    // Organization roles in Business Manager. The Marketing API reads Members but documents no
    // call that invites one (https://developers.snap.com/api/marketing-api/Ads-API/members).
    roles: [role("admin", "Organization admin"), role("member", "Member")],
    flow: "client_invite",
    steps: [
      "Open Snapchat Business Manager (business.snapchat.com) with an admin of your organization.",
      "Open the menu, go to Members and click Invite Members.",
      "Enter {agencyAccount} and choose the organization role requested.",
      "Click Send Invite.",
      confirmInvite,
    ],
    docs: "https://developers.snap.com/api/marketing-api/Ads-API/members",
  },
  amazon_ads: {
    platform: "amazon",
    name: "Amazon Ads Account",
    roles: [role("admin", "Admin"), role("editor", "Editor"), role("viewer", "Viewer", true)],
    // Client-side grant API: the Amazon Ads API links advertiser accounts to a manager account
    // (POST /managerAccounts/{managerAccountId}/associateAccounts, Manager Accounts API,
    // https://advertising.amazon.com/API/docs/en-us/reference/manager-accounts), but the caller
    // must already have access to both sides, which the agency does not; so the client invites.
    flow: "client_invite",
    steps: [
      "Sign in to the Amazon Ads console (advertising.amazon.com) as an admin of the account.",
      "Open the Administration menu and click Access and settings.",
      "Click Invite user, enter {agencyAccount} and choose the access level requested.",
      "Send the invite. The agency accepts it from the email Amazon sends.",
      confirmInvite,
    ],
    docs: "https://advertising.amazon.in/help/G2WDQSK87WSDWPQC",
  },
  apple_search_ads: {
    platform: "apple",
    name: "Apple Search Ads",
    roles: [
      role("account_admin", "Account Admin"),
      role("api_account_manager", "API Account Manager"),
      role("account_read_only", "Account Read Only", true),
    ],
    flow: "client_invite",
    steps: [
      "Sign in to Apple Search Ads (searchads.apple.com) as an Account Admin.",
      "Click your name at the top right, open Account Settings and go to User Management.",
      "Click Invite User, enter the agency's name and {agencyAccount}, and give the role requested for the whole account.",
      "Send the invitation. The agency accepts it with the same Apple Account.",
      confirmInvite,
    ],
    docs: "https://searchads.apple.com/help/get-started/0011-invite-users-to-your-account",
  },
  reddit_ads: {
    platform: "reddit",
    name: "Reddit Ads",
    roles: [role("admin", "Admin"), role("advertiser", "Advertiser"), role("analyst", "Analyst", true)],
    flow: "client_invite",
    steps: [
      "Sign in to Reddit Ads (ads.reddit.com) as a business admin.",
      "Open Business, then Users, and select Invite new members.",
      "Enter {agencyAccount}, choose the business role Member and click Next.",
      "Choose the ad account, give it the role requested and send the invite.",
      confirmInvite,
    ],
    // Reddit Ads help, "Manage Members in Your Business" (business role, then ad account role)
    docs: "https://business.reddithelp.com/s/article/manage-members-in-your-business",
  },
  clarity_project: {
    platform: "clarity",
    name: "Microsoft Clarity Project",
    // Clarity's roles (https://learn.microsoft.com/en-us/clarity/team-management): Admin and
    // Team member (reads and edits recordings and heatmaps, no settings).
    roles: [role("admin", "Admin"), role("team_member", "Team member")],
    flow: "client_invite",
    steps: [
      "Sign in to Microsoft Clarity (clarity.microsoft.com) and select the project.",
      "Go to Settings, then Team, and select Add team member.",
      "Enter {agencyAccount}, choose the role requested and select Add.",
      confirmInvite,
    ],
    docs: "https://learn.microsoft.com/en-us/clarity/team-management",
  },
  bing_webmaster_tools: {
    platform: "bing",
    name: "Bing Webmaster Tools Site",
    roles: [
      role("administrator", "Administrator"),
      role("read_write", "Read/Write"),
      role("read_only", "Read Only", true),
    ],
    // Adding a user works at once (no invitation to accept), so the agency confirms.
    flow: "instructions",
    steps: [
      "Sign in to Bing Webmaster Tools (bing.com/webmasters) as an administrator of the site.",
      "Select the site and open User management.",
      "Click Add user, enter {agencyAccount}, keep your site's URL and choose the role requested.",
      "Click Add.",
    ],
    docs: "https://www.bing.com/webmaster/help/how-to-add-users-to-your-site-account-d5c00364",
  },
  hotjar_organization: {
    platform: "hotjar",
    name: "Hotjar Organization",
    roles: [role("admin", "Admin"), role("read_write", "Read & Write"), role("read_only", "Read Only", true)],
    flow: "client_invite",
    steps: [
      "Sign in to Hotjar as the account owner or an admin.",
      "Click your profile icon, then Invite members.",
      "Choose the organization, enter {agencyAccount} with the access level requested and click Send invites.",
      confirmInvite,
    ],
    docs: "https://help.hotjar.com/hc/en-us/articles/115011585927",
  },
  semrush_project: {
    platform: "semrush",
    name: "Semrush Project",
    roles: [role("editor", "Editor"), role("viewer", "Viewer", true)],
    flow: "client_invite",
    steps: [
      "Sign in to Semrush and open your Projects dashboard.",
      "Click Share at the top right and select the project.",
      "Enter {agencyAccount}, choose Editor or Viewer access as requested and share.",
      confirmInvite,
    ],
    docs: "https://www.semrush.com/kb/314-how-do-i-share-projects",
  },
  cookiebot_account: {
    platform: "cookiebot",
    name: "Cookiebot Account",
    // Every invited user has the same access: there is no role to choose.
    roles: [],
    flow: "client_invite",
    steps: [
      "Sign in to the Cookiebot Admin and click Manage subscription at the top.",
      "Select the User Management tab and click Invite user.",
      "Enter {agencyAccount} and click Send invite.",
      confirmInvite,
    ],
    docs: "https://support.cookiebot.com/hc/en-us/articles/15747810371612-Adding-additional-users-to-your-Cookiebot-account",
  },
  profitmetrics_account: {
    platform: "profitmetrics",
    name: "ProfitMetrics Account",
    // Access is full access (ProfitMetrics documents no way to limit it), granted to the
    // agency's existing ProfitMetrics agency account.
    roles: [],
    flow: "instructions",
    steps: [
      "Sign in to your ProfitMetrics business account (my.profitmetrics.io).",
      "Click Account, then Account Access, then New.",
      "Choose the agency account type and enter {agencyAccount}.",
      "Set how long the access lasts and click Save.",
    ],
    docs: "https://knowledge.profitmetrics.io/how-to-grant-account-access-",
  },
  channable_company: {
    platform: "channable",
    name: "Channable Company",
    roles: [role("employee", "Employee"), role("collaborator", "Collaborator"), role("read_only", "Read-only", true)],
    flow: "client_invite",
    steps: [
      "Sign in to Channable as the owner of your company.",
      "Open your company, then Company settings, and go to the Manage access tab.",
      "Click Invite user, enter {agencyAccount}, choose the role requested and click Invite user.",
      confirmInvite,
    ],
    docs: "https://helpcenter.channable.com/hc/en-us/articles/360011022479-Managing-access-to-a-Channable-account",
  },
  lightspeed_store: {
    platform: "lightspeed",
    name: "Lightspeed eCom Store",
    // Staff permissions are chosen one by one (Sales, Catalog, Marketing...), not as a role.
    roles: [],
    flow: "client_invite",
    steps: [
      "Sign in to your Lightspeed eCom admin as the store owner.",
      "Go to Settings, then Staff accounts, and add a staff member.",
      "Enter {agencyAccount} and select the permissions to share.",
      "Send the invite.",
      confirmInvite,
    ],
    docs: "https://x-series-support.lightspeedhq.com/hc/en-us/articles/38699815951259-Creating-staff-accounts-in-Lightspeed-eCom",
  },
  mailchimp_account: {
    platform: "mailchimp",
    name: "Mailchimp Account",
    // User levels depend on the client's plan (Admin: Essentials and up; Manager: Premium).
    roles: [
      role("admin", "Admin"),
      role("manager", "Manager"),
      role("author", "Author"),
      role("viewer", "Viewer", true),
    ],
    flow: "client_invite",
    steps: [
      "Sign in to Mailchimp as the owner or an admin, click your profile icon, then Account & billing.",
      "Open the Settings menu and click Users.",
      "Click Invite a user, enter {agencyAccount} and choose the user level requested.",
      "Click Send invite.",
      confirmInvite,
    ],
    docs: "https://mailchimp.com/help/manage-user-levels-in-your-account/",
  },
  activecampaign_account: {
    platform: "activecampaign",
    name: "ActiveCampaign Account",
    // Permissions come from user groups the client defines (the built-in Admin group, or
    // their own), not from named roles, so there is no role to pick here.
    roles: [],
    flow: "client_invite",
    steps: [
      "Sign in to ActiveCampaign as an admin, click Settings (gear icon), then Users and Groups.",
      "Click Add a new user.",
      "Enter {agencyAccount}, choose the Admin group or the group you agreed with the agency, and click Add user.",
      confirmInvite,
    ],
    docs: "https://help.activecampaign.com/hc/en-us/articles/115000086230-Add-and-manage-ActiveCampaign-users",
  },
  wix_site: {
    platform: "wix",
    name: "Wix Site",
    // Client-side grant API: Wix documents site invites (Site Invites API, create invite with
    // an email and role ids, https://dev.wix.com/docs/rest/account-level/sites/site-invites),
    // called with the site's app token; not wired here, so the client invites by hand.
    roles: [
      role("admin", "Admin (Co-Owner)"),
      role("website_manager", "Website Manager"),
      role("marketing_manager", "Marketing Manager"),
    ],
    flow: "client_invite",
    steps: [
      "Sign in to Wix and open your site's dashboard.",
      "Go to Settings, then Roles & Permissions, and click Invite People.",
      "Enter {agencyAccount}, select the role requested and click Send Invite.",
      confirmInvite,
    ],
    docs: "https://www.wix.com/manage/roles-and-permissions",
  },
  webflow_site: {
    platform: "webflow",
    name: "Webflow Site",
    // Freelancer and agency guests of a Workspace take these site roles.
    roles: [
      role("site_manager", "Site manager"),
      role("designer", "Designer"),
      role("marketer", "Marketer"),
      role("content_editor", "Content editor"),
      role("reviewer", "Reviewer", true),
    ],
    flow: "client_invite",
    steps: [
      "Sign in to Webflow as a Workspace owner or admin and open the Workspace settings.",
      "Go to the Members tab and click Invite.",
      "Enter {agencyAccount} as a guest, give the site role requested for your site and send the invite.",
      confirmInvite,
    ],
    docs: "https://help.webflow.com/hc/en-us/articles/41015530193811-Workspace-roles-and-permissions",
  },
  squarespace_site: {
    platform: "squarespace",
    name: "Squarespace Site",
    roles: [
      role("administrator", "Administrator"),
      role("website_editor", "Website editor"),
      role("store_manager", "Store manager"),
      role("analytics", "Analytics", true),
    ],
    flow: "client_invite",
    steps: [
      "Sign in to Squarespace as the site owner or an administrator.",
      "Open Settings, then Permissions & ownership, and click Invite contributor.",
      "Enter the agency's name and {agencyAccount}, and switch on the permission requested.",
      "Click Invite.",
      confirmInvite,
    ],
    docs: "https://support.squarespace.com/hc/en-us/articles/206537297-Squarespace-permissions-explained",
  },
};
