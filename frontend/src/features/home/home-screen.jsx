// Home: the dashboard image. Checks the session on arrival (a forced change goes to login).
import { useEffect } from "react";
import { useLocation } from "wouter";
import { get } from "../../lib/api-client";
import { checkVersion, setSession } from "../../lib/session";
import dashboard from "./dashboard.svg";

export default function HomeScreen() {
  const [, navigate] = useLocation();
  useEffect(() => {
    get("/users/session")
      .then((user) => {
        setSession(user);
        checkVersion(user);
        if (user.forcePasswordUpdate) navigate("/login");
      })
      .catch(() => {});
  }, []);
  return (
    <section class="home">
      <img src={dashboard} alt="Dashboard" class="dashboard-image" />
    </section>
  );
}
