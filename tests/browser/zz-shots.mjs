// Temporary screenshot script (not committed).
import { start } from "./server.mjs";
const app = await start();
const out = "/tmp/scr/shots";
const jobs = JSON.parse(process.argv[2]);
try {
  for (const j of jobs) {
    for (const width of j.widths || [390, 1280]) {
      const p = await app.page({ width, height: width < 500 ? 844 : 800 });
      await app.login(p, j.user);
      await p.waitForURL((u) => !["#/login", "#/", ""].includes(u.hash));
      if (j.lang === "hi") {
        if (width < 900) await p.getByRole("button", { name: "Menu" }).click();
        await p.getByRole("button", { name: "हिन्दी" }).click();
        await p.waitForTimeout(800);
      }
      await p.goto(`/#${j.url}`);
      await p.waitForTimeout(j.wait || 1500);
      const name = `${j.name}-${j.lang || "en"}-${width}`;
      await p.screenshot({ path: `${out}/${name}.png`, fullPage: !!j.full });
      for (const y of j.scroll || []) {
        await p.evaluate((y) => window.scrollTo(0, y), y);
        await p.waitForTimeout(300);
        await p.screenshot({ path: `${out}/${name}-y${y}.png` });
      }
      await p.context().close();
    }
  }
} finally {
  await app.stop();
}
