import { fileURLToPath } from "node:url";
import path from "node:path";

// dist/scenarios/paths.js and scenarios/paths.ts both sit one or two levels under the package
// root; find the root by walking up to the folder that holds package.json's data folder.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = here.includes(`${path.sep}dist${path.sep}`) || here.endsWith(`${path.sep}dist`)
  ? path.resolve(here, "..", "..")
  : path.resolve(here, "..");

export const PACKAGE_ROOT = root;
export const DEFAULT_DATA_DIR = path.join(root, "scenarios", "data");
