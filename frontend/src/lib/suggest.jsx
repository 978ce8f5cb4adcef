// Search boxes: one with suggestions fetched as the user types (never for an empty query), and a
// plain one whose text is searched on submit.
import { t } from "./text";
import { useEffect, useRef, useState } from "react";

/**
 * fetchItems(query) resolves to the suggestions (a feature's typed call, or the agent's offline
 * search); onPick(item) gets the chosen suggestion. `clearOnPick` empties the box after a pick, for picking several in a row (a beat's customers); `onSearch(text)` runs on
 * submit when there is no suggestion to take. Without it, a submit before the suggestions came
 * searches at once and takes the first; `noMatch(text)` says when there is none (the text stays).
 * @template Item
 * @param {{ id: string, label: import("preact").ComponentChildren, placeholder?: string,
 *   fetchItems?: (query: string) => Promise<Item[]>,
 *   labelOf: (item: Item) => string, onPick: (item: Item) => void, onSearch?: (text: string) => void,
 *   buttonText?: string, clearOnPick?: boolean, noMatch?: (text: string) => string }} props
 */
export function SuggestBox({
  id,
  label,
  placeholder,
  fetchItems,
  labelOf,
  onPick,
  onSearch,
  buttonText = t("search"),
  clearOnPick = false,
  noMatch,
}) {
  const [text, setText] = useState("");
  const [items, setItems] = useState(/** @type {Item[]} */ ([]));
  const [open, setOpen] = useState(false);
  const [missed, setMissed] = useState("");
  const timer = useRef(/** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined));
  /** @param {string} q @returns {Promise<Item[] | null>} */
  const search = (q) => (fetchItems ? fetchItems(q) : Promise.resolve([]));
  useEffect(() => {
    clearTimeout(timer.current);
    setMissed("");
    const q = text.trim();
    if (!q) {
      setItems([]);
      return undefined;
    }
    timer.current = setTimeout(() => {
      search(q)
        .then((list) => {
          setItems(list || []);
          setOpen(true);
        })
        .catch(() => setItems([]));
    }, 200);
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- searches when the text changes; the fetchers are the caller's, remade on every render
  }, [text]);
  const pick = (/** @type {Item} */ item) => {
    setText(clearOnPick ? "" : labelOf(item));
    setOpen(false);
    onPick(item);
  };
  return (
    <form
      class="suggest"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const q = text.trim();
        if (items.length) pick(items[0]);
        else if (onSearch) onSearch(q);
        else if (q)
          search(q)
            .then((list) => (list && list.length ? pick(list[0]) : setMissed(q)))
            .catch(() => {});
      }}
    >
      <label for={id}>{label}</label>
      <div class="suggest-row">
        <input
          id={id}
          type="search"
          autocomplete="off"
          placeholder={placeholder}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          onFocus={() => setOpen(true)}
        />
        <button type="submit" class="btn btn-primary">
          {buttonText}
        </button>
      </div>
      {open && items.length > 0 && (
        <ul class="suggestions" role="listbox">
          {items.map((item, i) => (
            <li key={i} role="option">
              <button type="button" onClick={() => pick(item)}>
                {labelOf(item)}
              </button>
            </li>
          ))}
        </ul>
      )}
      {missed && noMatch && (
        <p class="empty" role="status">
          {noMatch(missed)}
        </p>
      )}
    </form>
  );
}

/**
 * A search box without suggestions: `onSearch(text)` gets the trimmed text on submit.
 * @param {{ id: string, label: import("preact").ComponentChildren, onSearch: (text: string) => void }} props
 */
export function SearchBox({ id, label, onSearch }) {
  const [text, setText] = useState("");
  return (
    <form
      class="suggest"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label for={id}>{label}</label>
      <div class="suggest-row">
        <input id={id} type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} />
        <button type="submit" class="btn btn-primary">
          {t("search")}
        </button>
      </div>
    </form>
  );
}
