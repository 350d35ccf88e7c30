// Test entry only: boots the service the way the app does at start, then prints "booted"
// and exits. Lets tests check how start-up refuses bad configuration.
import { boot } from "@/lib/runtime/boot/boot";
import { closeDb } from "@/lib/infra/db/db";

await boot();
process.stdout.write("booted\n");
await closeDb();
process.exit(0);
