// The SDK's types are as exact as the API: a webhook's events are the event types (or "*"),
// requestedServices is keyed by service id, and a catalog role is one of the catalog's role
// values. The `@ts-expect-error` lines are the test: `npm run typecheck` fails when one of them
// compiles (an unused directive is an error), and vitest checks the positive cases' types.
import { describe, expectTypeOf, it } from "vitest";
import type {
  CatalogService,
  CreateRequestBody,
  CreateWebhookBody,
  ServiceId,
  UpdateWebhookBody,
  Webhook,
} from "./client.js";

type EventName = Webhook["events"][number];

describe("the SDK's types", () => {
  it("types a webhook's events as the event types and *", () => {
    expectTypeOf<EventName>().toEqualTypeOf<NonNullable<CreateWebhookBody["events"]>[number]>();
    expectTypeOf<"request.created">().toExtend<EventName>();
    expectTypeOf<"*">().toExtend<EventName>();
    expectTypeOf<string>().not.toExtend<EventName>();
    const ok: CreateWebhookBody = { url: "https://hooks.example.com/x", events: ["request.created"] };
    // @ts-expect-error events is a list of event types, not a number
    const num: CreateWebhookBody = { url: "https://hooks.example.com/x", events: 123 };
    // @ts-expect-error an unknown event type
    const unknownType: CreateWebhookBody = { url: "https://hooks.example.com/x", events: ["request.made"] };
    // @ts-expect-error events is a list of event types on update too
    const update: UpdateWebhookBody = { events: 123 };
    void [ok, num, unknownType, update];
  });

  it("keys requestedServices by service id", () => {
    type Keys = keyof NonNullable<CreateRequestBody["requestedServices"]>;
    expectTypeOf<Keys>().toEqualTypeOf<ServiceId>();
    const ok: CreateRequestBody = { clientId: "c", requestedServices: { meta_ads: { accessLevel: "advertiser" } } };
    // @ts-expect-error not a service id
    const wrong: CreateRequestBody = { clientId: "c", requestedServices: { meta_adz: {} } };
    void [ok, wrong];
  });

  it("types a catalog role's value as the union of the catalog's roles", () => {
    type RoleValue = CatalogService["roles"][number]["value"];
    expectTypeOf<"advertiser">().toExtend<RoleValue>();
    expectTypeOf<string>().not.toExtend<RoleValue>();
  });
});
