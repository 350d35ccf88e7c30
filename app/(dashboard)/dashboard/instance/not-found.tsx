// The instance pages refused to someone who does not administer the installation (HTTP 404):
// who does, and the command whoever runs the installation uses to add an administrator.
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { listInstanceAdmins, MAKE_ADMIN_COMMAND } from "@/lib/core/instance/instance-admin";

export default async function InstanceNotFound() {
  const admins = await listInstanceAdmins();
  return (
    <>
      <PageHeader title="Platforms" />
      <EmptyState
        title="Only this installation's administrators set up platforms"
        description={
          admins.length > 0
            ? `Ask ${admins.join(", ")} to set up the platforms you need, or to have you made an administrator.`
            : "This installation has no administrator besides the demo user. Ask whoever runs it to make you one."
        }
      />
      <p className="mt-4 text-sm text-slate-700">
        Whoever runs the installation adds an administrator with:{" "}
        <code className="rounded bg-slate-100 px-1 py-0.5 break-all" data-testid="make-admin-command">
          {MAKE_ADMIN_COMMAND}
        </code>{" "}
        (or lists them in <code className="rounded bg-slate-100 px-1 py-0.5">INSTANCE_ADMIN_EMAILS</code>).
      </p>
    </>
  );
}
