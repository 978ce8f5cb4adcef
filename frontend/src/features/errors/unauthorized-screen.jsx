// Shown when a route needs a right the user lacks.
export default function UnauthorizedScreen() {
  return (
    <section class="message-page">
      <h1>Unauthorized</h1>
      <p>You do not have permission to open this page.</p>
      <a class="btn btn-primary" href="#/login">
        Go to my home page
      </a>
    </section>
  );
}
