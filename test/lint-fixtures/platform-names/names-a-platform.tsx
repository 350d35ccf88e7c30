// A component outside the platforms' folders that names platforms: the platform-name check
// must report each line below (test/ops/lint-rules.test.ts). Comments such as this one,
// which mentions Snapchat, are not read.
export function Hint({ platform }: { platform: string }) {
  const where = platform === "tiktok" ? "Business Center" : "elsewhere";
  const label = `Sign in with Pinterest ${where}`;
  return (
    <p title={label}>
      Meta and Google ask for a business account.
    </p>
  );
}
