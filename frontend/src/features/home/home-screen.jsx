// Home: the dashboard image only (spec 1 §2). Checks the session on arrival; a forced password
// change goes to the login screen, which shows the change screen.
import { useEffect } from "react";
import { useLocation } from "wouter";
import { refreshSession } from "../../lib/session-check";
// `url:` makes Parcel emit the picture as a file and give its URL (a bare import is an empty module).
import dashboard from "url:./dashboard.svg";

export default function HomeScreen() {
  const [, navigate] = useLocation();
  useEffect(() => {
    refreshSession()
      .then((user) => {
        if (user && user.forcePasswordUpdate) navigate("/login");
      })
      .catch(() => {});
  }, [navigate]);
  return (
    <section class="home">
      <img src={dashboard} alt="Dashboard" class="dashboard-image" />
    </section>
  );
}
