// The Rights screen: which rights each user type holds, as a grid of checkboxes (rights in rows by
// menu group, user types in columns). A box saves at once: the whole list of that user type goes to
// POST /master/rights, and the box goes back when the save fails. On a phone the grid scrolls
// sideways inside its own box with the right names kept in view; the page itself never does.
import { useEffect, useState } from "react";
import { alertError, alertSuccess } from "../../lib/alerts";
import { getSession } from "../../lib/session";
import { refreshSession } from "../../lib/session-check";
import { Empty, Loading, PageHeader, Spinner } from "../../lib/ui";
import { ADMINISTRATOR, RIGHT } from "../../lib/rights";
import { saveRights, useRights, useRightsByUserType } from "./api";
import { t } from "./text";
import { rightLabel, userTypeLabel } from "../../lib/enum-text";

/** @typedef {import("./api").Schemas} Schemas */

/** The menu groups in menu order; a group the server adds later follows them. */
const GROUPS = ["Master", "Customer", "Delivery", "Landing", "User", "Report"];
/**
 * A menu group's title in the language in force; a group the server adds later keeps its name.
 * @param {string} group
 */
function groupTitle(group) {
  /** @type {Record<string, Parameters<typeof t>[0]>} */
  const ids = {
    Master: "groupMaster",
    Customer: "groupCustomer",
    Delivery: "groupDelivery",
    Landing: "groupLanding",
    User: "groupUser",
    Report: "groupReport",
  };
  return ids[group] ? t(ids[group]) : group;
}
/** What administrators always keep (the server refuses to take these away too). */
const KEPT = /** @type {string[]} */ ([RIGHT.RIGHTS_MASTER, RIGHT.USER_MASTER]);

const S = {
  wrap: {
    overflowX: "auto",
    maxWidth: "100%",
    background: "#fff",
    border: "1px solid var(--line)",
    borderRadius: "var(--radius)",
  },
  table: { borderCollapse: "separate", borderSpacing: 0, width: "100%" },
  corner: {
    position: "sticky",
    left: 0,
    zIndex: 2,
    background: "#fff",
    textAlign: "left",
    padding: "8px 10px",
    borderBottom: "2px solid var(--line)",
    borderRight: "1px solid var(--line)",
  },
  type: {
    padding: "8px 4px",
    minWidth: "4.75rem",
    fontSize: "0.85rem",
    textAlign: "center",
    verticalAlign: "bottom",
    borderBottom: "2px solid var(--line)",
  },
  group: {
    background: "var(--bg)",
    textAlign: "left",
    padding: "10px 10px 4px",
    fontSize: "0.75rem",
    textTransform: "uppercase",
    letterSpacing: "0.05em",
    color: "var(--muted)",
  },
  groupTitle: { position: "sticky", left: "10px" },
  right: {
    position: "sticky",
    left: 0,
    zIndex: 1,
    background: "#fff",
    textAlign: "left",
    fontWeight: 400,
    padding: "6px 10px",
    minWidth: "8.5rem",
    maxWidth: "11rem",
    borderBottom: "1px solid var(--line)",
    borderRight: "1px solid var(--line)",
  },
  code: { display: "block", fontSize: "0.75rem", color: "var(--muted)" },
  cell: { textAlign: "center", borderBottom: "1px solid var(--line)", padding: 0 },
  box: {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    gap: "4px",
    minWidth: "44px",
    minHeight: "44px",
    cursor: "pointer",
  },
  check: { width: "20px", height: "20px", margin: 0, cursor: "inherit" },
};

/**
 * The rights in rows under their group: [{ group, rights: [{rightId, linkRight, rightName}] }].
 * @param {Schemas["Right"][]} rights
 */
function grouped(rights) {
  const names = [...GROUPS, ...rights.map((r) => r.groupName).filter((g) => !GROUPS.includes(g))];
  return [...new Set(names)]
    .map((group) => ({ group, rights: rights.filter((r) => r.groupName === group) }))
    .filter((g) => g.rights.length > 0);
}

/**
 * A right's code with break points after its underscores: a narrow column wraps it there, not mid-word.
 * @param {string} code
 */
const breakable = (code) => code.split(/(?<=_)/).flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]));

export function RightsScreen() {
  const rights = useRights();
  const grid = useRightsByUserType();
  // userTypeId -> the codes it holds, as shown (a toggled box shows its new state while it saves).
  const [held, setHeld] = useState(/** @type {Record<number, string[]>} */ ({}));
  // The box being saved ({typeId, code}); every box waits meanwhile, so saves never cross.
  const [saving, setSaving] = useState(/** @type {{ typeId: number, code: string } | null} */ (null));
  useEffect(() => {
    setHeld(Object.fromEntries((grid.data || []).map((type) => [type.userTypeId, type.rights])));
  }, [grid.data]);

  /** @param {Schemas["UserTypeRights"]} type @param {string} code @param {boolean} on */
  const toggle = async (type, code, on) => {
    const before = held[type.userTypeId] || [];
    const after = on ? [...before, code] : before.filter((c) => c !== code);
    setHeld((h) => ({ ...h, [type.userTypeId]: after }));
    setSaving({ typeId: type.userTypeId, code });
    try {
      const r = await saveRights({ userTypeId: type.userTypeId, rights: after });
      alertSuccess(r.message);
      // One's own type changed: the menu follows at once.
      const me = getSession();
      if (me && me.userType === type.userTypeId) refreshSession().catch(() => {});
    } catch (err) {
      setHeld((h) => ({ ...h, [type.userTypeId]: before }));
      alertError(err.message);
    } finally {
      setSaving(null);
    }
  };

  const types = grid.data || [];
  const header = <PageHeader title={t("rights")} />;
  if (rights.loading || grid.loading) {
    return (
      <section>
        {header}
        <Loading />
      </section>
    );
  }
  if (!types.length || !(rights.data || []).length) {
    return (
      <section>
        {header}
        <Empty />
      </section>
    );
  }
  return (
    <section>
      {header}
      <p class="muted">{t("rightsNote")}</p>
      <div style={S.wrap} data-testid="rights-scroll">
        <table style={S.table} data-testid="rights-grid" aria-busy={!!saving}>
          <thead>
            <tr>
              <th scope="col" style={S.corner}>
                {t("right")}
              </th>
              {types.map((type) => (
                <th scope="col" key={type.userTypeId} style={S.type}>
                  {userTypeLabel(type.userTypeId, type.userType)}
                </th>
              ))}
            </tr>
          </thead>
          {grouped(rights.data || []).map(({ group, rights: rows }) => (
            <tbody key={group}>
              <tr>
                <th scope="colgroup" colSpan={types.length + 1} style={S.group}>
                  <span style={S.groupTitle}>{groupTitle(group)}</span>
                </th>
              </tr>
              {rows.map((r) => (
                <tr key={r.linkRight}>
                  <th scope="row" style={S.right}>
                    {rightLabel(r.linkRight, r.rightName)}
                    <small style={S.code}>{breakable(r.linkRight)}</small>
                  </th>
                  {types.map((type) => {
                    const kept = type.userTypeId === ADMINISTRATOR && KEPT.includes(r.linkRight);
                    const busy = saving && saving.typeId === type.userTypeId && saving.code === r.linkRight;
                    return (
                      <td key={type.userTypeId} style={S.cell} aria-busy={busy || undefined}>
                        <label style={S.box} title={kept ? t("adminKeeps") : undefined}>
                          <input
                            type="checkbox"
                            style={S.check}
                            aria-label={t("rightFor", { right: r.rightName, type: type.userType })}
                            checked={(held[type.userTypeId] || []).includes(r.linkRight)}
                            disabled={!!saving || kept}
                            onChange={(e) => toggle(type, r.linkRight, e.currentTarget.checked)}
                          />
                          {busy && <Spinner />}
                        </label>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
