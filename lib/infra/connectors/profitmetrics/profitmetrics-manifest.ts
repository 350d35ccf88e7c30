// ProfitMetrics in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { definePlatform } from "@/lib/infra/connectors/platform-manifest";

export const PROFITMETRICS_MANIFEST = definePlatform({
  id: "profitmetrics",
  name: "ProfitMetrics",
  connectorKind: "none",
  mark: { bg: "#0E3B43", fg: "#fff", text: "PM" },
  services: {
    profitmetrics_account: {
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
      catalogRelease: 2,
    },
  },
  serviceNames: {
    profitmetrics_account: ["ProfitMetrics Account", "Cuenta de ProfitMetrics", "ProfitMetrics-account"],
  },
  steps: {
    "profitmetrics_account.step1": [
      "Sign in to your ProfitMetrics business account (my.profitmetrics.io).",
      "Inicia sesión en tu cuenta de empresa de ProfitMetrics (my.profitmetrics.io).",
      "Log in op je ProfitMetrics-bedrijfsaccount (my.profitmetrics.io).",
    ],
    "profitmetrics_account.step2": [
      "Click Account, then Account Access, then New.",
      "Haz clic en Account, después en Account Access y después en New.",
      "Klik op Account, daarna op Account Access en daarna op New.",
    ],
    "profitmetrics_account.step3": [
      "Choose the agency account type and enter {agencyAccount}.",
      "Elige el tipo de cuenta de agencia e introduce {agencyAccount}.",
      "Kies het accounttype voor bureaus en vul {agencyAccount} in.",
    ],
    "profitmetrics_account.step4": [
      "Set how long the access lasts and click Save.",
      "Indica cuánto dura el acceso y haz clic en Save.",
      "Stel in hoe lang de toegang geldt en klik op Save.",
    ],
  },
});
