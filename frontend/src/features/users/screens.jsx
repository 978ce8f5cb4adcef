// The user-administration screens of the menu (spec 1 §2, spec 2 "Impersonation screen"). Their
// real screens come with the blocking and impersonation work; until then each route shows its
// title, so a menu item never bounces to the login screen.
import { PageHeader } from "../../lib/ui";

function BeingBuilt({ title }) {
  return (
    <section>
      <PageHeader title={title} />
      <p class="muted">This screen is being built.</p>
    </section>
  );
}

export const UserAgentScreen = () => <BeingBuilt title="Unblock Agent" />;
export const UnblockUserScreen = () => <BeingBuilt title="Block/Unblock User" />;
export const ImpersonationScreen = () => <BeingBuilt title="Check RCA/AM A/C" />;
