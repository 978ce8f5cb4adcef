// Retailer Buckets: the area manager's home screen. The dashboard comes with the buckets issue;
// until then this page says so.
import { PageHeader } from "../../lib/ui";

export default function RetailerBucketScreen() {
  return (
    <section>
      <PageHeader title="Retailer Buckets" />
      <p class="muted">This screen is being built.</p>
    </section>
  );
}
