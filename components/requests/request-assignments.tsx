// The request page's list of the agency's people given the assets this request's grants
// shared (Meta, TikTok), with what to do by hand for each the platform refused.
import { Card } from "@/components/ui/card";
import type { TRequestAssignment } from "@/lib/surfaces/dashboard/requests/list-request-assignments";

export function RequestAssignments({ assignments }: { assignments: TRequestAssignment[] }) {
  if (assignments.length === 0) return null;
  return (
    <Card
      title="Your people on the shared assets"
      description="After the client shared access with your business, the people you chose on the Connected accounts page were given their role."
    >
      <ul className="space-y-2 text-sm" data-testid="request-assignments">
        {assignments.map((a) => (
          <li key={a.id} className="break-words" data-outcome={a.assigned ? "assigned" : "failed"}>
            <p className={a.assigned ? "text-slate-800" : "font-medium text-red-800"}>{a.text}</p>
            {a.reason ? <p className="text-slate-700">The platform said: {a.reason}</p> : null}
            {a.manualStep ? <p className="text-slate-700">To do by hand: {a.manualStep}</p> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
