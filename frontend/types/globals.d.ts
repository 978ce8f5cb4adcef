// What the bundler (Parcel) gives the code beyond the DOM, for `tsc` (tsconfig.json).

/** Parcel replaces `process.env.NAME` with the build-time value. */
declare const process: { env: Record<string, string | undefined> };

/** `import url from "url:./file.svg"`: the built file's URL. */
declare module "url:*" {
  const url: string;
  export default url;
}

/** `import "./file.css"`: Parcel bundles the stylesheet. */
declare module "*.css";
