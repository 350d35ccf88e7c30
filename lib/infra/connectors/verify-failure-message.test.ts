// Verify on the Platforms page says what went wrong in one sentence a person reads: never
// the platform's URL (with its redacted query) and never "could not be reached" twice.
import { describe, expect, it } from "vitest";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import { verifyFailureMessage } from "@/lib/infra/connectors/verify-credentials";

describe("verifyFailureMessage", () => {
  it("an unreachable platform: one sentence, no URL, no doubled words", () => {
    const err = new ConnectorError(
      "server_error",
      "The platform could not be reached (https://graph.facebook.com/v23.0/oauth/access_token?client_id=1&client_secret=%5Bredacted%5D&grant_type=client_credentials)",
    );
    const message = verifyFailureMessage(err);
    expect(message).not.toMatch(/https?:|graph\.facebook|redacted/);
    expect(message.match(/could not be reached/g)).toHaveLength(1);
    expect(message).toMatch(/^The platform could not be reached: [^.]+\.$/);
  });

  it("a platform's own refusal keeps its words, without a URL", () => {
    const err = new ConnectorError("platform_error", "Invalid client (https://oauth2.googleapis.com/token).");
    expect(verifyFailureMessage(err)).toBe("The platform refused the check: Invalid client.");
  });
});
