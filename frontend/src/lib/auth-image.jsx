// A picture from the API (it needs the session's headers, so no plain <img src>): fetched as a
// blob, shown from an object URL that is released after 60 seconds or when the component goes.
import { useEffect, useState } from "react";
import { fetchUrl } from "./api-client";

/** @typedef {import("./api-client").ApiUrl} ApiUrl */

/** @param {{ url: string | null | undefined, alt: string, className?: string }} props */
export function AuthImage({ url, alt, className }) {
  const [src, setSrc] = useState(/** @type {string | null} */ (null));
  useEffect(() => {
    if (!url) return undefined;
    /** @type {string | null} */
    let objectUrl = null;
    let alive = true;
    /** @type {Promise<Response>} */ (fetchUrl(/** @type {ApiUrl} */ (url.replace(/^\/webapi\/api/, "")), true))
      .then((r) => r.blob())
      .then((blob) => {
        if (!alive) return;
        const made = URL.createObjectURL(blob);
        objectUrl = made;
        setSrc(made);
        setTimeout(() => URL.revokeObjectURL(made), 60000);
      })
      .catch(() => setSrc(null));
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? <img src={src} alt={alt} class={className} /> : <span class="muted">…</span>;
}

/** The image-viewer route for a media URL (opens the file in a new tab). @param {string} url */
export function viewerHref(url) {
  const name = new URL(url, window.location.origin).searchParams.get("fileName");
  return `#/image-viewer?fileName=${encodeURIComponent(name ?? "")}`;
}
