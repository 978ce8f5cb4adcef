// 403 Forbidden.
export default function ForbiddenScreen() {
  return (
    <section class="message-page">
      <h1>403 Forbidden</h1>
      <p>Access to this resource is forbidden.</p>
      <a class="btn btn-primary" href="#/login">
        Go to my home page
      </a>
    </section>
  );
}
