import fs from "node:fs";
import path from "node:path";
import { PACKAGE_ROOT } from "../scenarios/paths.js";

// tsc does not keep the executable bit; npx and the bin link need it on the entry file.
fs.chmodSync(path.join(PACKAGE_ROOT, "dist", "cli", "main.js"), 0o755);
