// Customer Visit: the agent's home screen. The full screen (search, details, visit form, tabs)
// comes with the customer-work issue; until then this page says so.
import { PageHeader } from "../../lib/ui";

export default function VisitScreen() {
  return (
    <section>
      <PageHeader title="Customer Visit" />
      <p class="muted">This screen is being built.</p>
    </section>
  );
}
