// Keeps this process's copy of the platform settings saved on the Platforms page current:
// loaded at start, reloaded whenever any instance changes them (LISTEN/NOTIFY on
// PostgreSQL), and at most a few seconds old otherwise. Used by the app's boot and by
// `npm run worker` (whose access checks and removals use the connectors too).
import { refreshPlatformSettings } from "@/lib/infra/connectors/platform-settings";
import { CHANNELS, listen } from "@/lib/infra/db/notifications";
import { log } from "@/lib/infra/log";

export async function startPlatformSettingsSync(databaseMode: "embedded" | "postgres"): Promise<void> {
  await refreshPlatformSettings().catch((err) =>
    log().warn({ err: (err as Error).message }, "Saved platform settings could not be read"),
  );
  if (databaseMode !== "postgres") return;
  const reload = () =>
    void refreshPlatformSettings()
      .then(() => log().info("Platform settings reloaded: a change was announced"))
      .catch(() => {});
  await listen(CHANNELS.platformSettingsChanged, reload).catch((err) =>
    log().warn(
      { err: (err as Error).message },
      "LISTEN for platform setting changes failed; changes reach this process within 5 s",
    ),
  );
}
