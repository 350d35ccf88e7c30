// The journeys fast-check draws: the client's language, JavaScript on or off, an intake or
// not, and a sequence of commands. Commands are intents: one that cannot happen when its turn
// comes (model.ts `enabled`) is passed over, so any sequence is a valid journey and shrinking
// keeps them valid.
import fc from "fast-check";
import { JOURNEY_SERVICES, type AssetNo, type Command, type Language } from "@/test/support/journey-model/model";

const service = fc.constantFrom(...JOURNEY_SERVICES.map((s) => s.id));
const assets = fc.constantFrom<AssetNo[]>([1], [2], [1, 2]);

export const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("signIn" as const),
      platform: fc.constantFrom("google", "meta"),
      mask: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
      assets,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("forward" as const), service }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("colleagueGrant" as const), service, assets }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("colleagueDecline" as const), service }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("takeBack" as const), service }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("refuse" as const), service }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("skip" as const), service: fc.constant("meta_pixel") }) },
  { weight: 1, arbitrary: fc.constant({ kind: "intakeRefused" as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: "intakeAccepted" as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("removeLine" as const), service, asset: fc.constantFrom<AssetNo>(1, 2) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "askAgain" as const }) },
);

export interface Journey {
  language: Language;
  js: boolean;
  intake: boolean;
  commands: Command[];
}

export const journeyArbitrary: fc.Arbitrary<Journey> = fc.record({
  language: fc.constantFrom<Language>("English", "Spanish", "Dutch"),
  js: fc.boolean(),
  intake: fc.boolean(),
  commands: fc.array(commandArbitrary, { minLength: 3, maxLength: 14 }),
});
