// A plain HTML form that, once public/client/enhance-form.js runs, posts itself with fetch
// and shows the server's refusals next to the fields without losing what the client typed.
// Without scripts the same form posts normally and the page shows the errors after the
// redirect. Field messages go into elements marked `data-error-for="<field name>"`.
import type { ReactNode } from "react";

export function PostForm({ action, className, children }: { action: string; className?: string; children: ReactNode }) {
  return (
    <form action={action} method="post" className={className} data-enhance="">
      {children}
    </form>
  );
}
