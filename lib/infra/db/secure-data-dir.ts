// The embedded database's folder holds every agency's data: readable by this user only.
// Folders 0700 and files 0600 whatever the umask, and an existing folder's modes are
// repaired at start (an older version left PGlite's files 0666 under a permissive umask).
// The process umask is narrowed to 077 so files PGlite creates later are private too.
import fs from "node:fs";
import path from "node:path";

export function secureDataDir(dir: string): void {
  if (process.platform === "win32") return;
  process.umask(0o077);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.isDirectory()) {
      if ((st.mode & 0o777) !== 0o700) fs.chmodSync(p, 0o700);
      for (const name of fs.readdirSync(p)) walk(path.join(p, name));
    } else if ((st.mode & 0o777) !== 0o600) {
      fs.chmodSync(p, 0o600);
    }
  };
  walk(dir);
}
