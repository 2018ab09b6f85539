#!/usr/bin/env node
// webassets: take the browser assets the services embed from the pinned npm
// packages listed in webassets.json (make webassets; make build runs it).
//
// For each package it fetches the tarball with `npm pack name@version`
// (the npm cache serves repeat runs offline), refuses a tarball whose
// sha512 differs from the pinned integrity, and writes the listed files
// into the package's "into" directory, where go:embed picks them up:
//   - files: copied as they are (the package's licence and notice files
//     are listed beside the code);
//   - templates: a string constant read out of a module of the package
//     (the x402 paywall ships its page as one JS string constant);
//   - licenseText: the licence's text, for a package that ships none.
// PROVENANCE.json beside them records name, version, integrity, licence
// and each written file's sha256. A run whose PROVENANCE.json already
// matches the pin and the files on disk writes nothing.
//
// Usage: node scripts/webassets.mjs [--force]
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const force = process.argv.includes("--force");
const pins = JSON.parse(readFileSync(join(root, "webassets.json"), "utf8"));
const cache = join(root, "node_modules", ".cache", "webassets");

function sha256(buf) {
  return createHash("sha256").update(buf).digest("hex");
}

// upToDate reports whether dir's PROVENANCE.json records this pin and every
// file it lists is on disk with the recorded digest.
function upToDate(pkg, dir) {
  const p = join(dir, "PROVENANCE.json");
  if (!existsSync(p)) return false;
  let prov;
  try {
    prov = JSON.parse(readFileSync(p, "utf8"));
  } catch {
    return false;
  }
  if (prov.name !== pkg.name || prov.version !== pkg.version || prov.integrity !== pkg.integrity) return false;
  return Object.entries(prov.files || {}).every(([f, digest]) => {
    const fp = join(dir, f);
    return existsSync(fp) && sha256(readFileSync(fp)) === digest;
  });
}

// tarball returns the package's tarball, fetched once into the cache and
// checked against the pinned integrity every time.
function tarball(pkg) {
  mkdirSync(cache, { recursive: true });
  const file = join(cache, `${pkg.name.replace(/^@/, "").replace("/", "-")}-${pkg.version}.tgz`);
  if (!existsSync(file)) {
    const out = execFileSync("npm", ["pack", `${pkg.name}@${pkg.version}`, "--pack-destination", cache, "--json", "--silent"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    const packed = JSON.parse(out)[0];
    if (join(cache, packed.filename) !== file) throw new Error(`npm pack wrote ${packed.filename}, expected ${file}`);
  }
  const [algo, want] = pkg.integrity.split("-", 2);
  const got = createHash(algo).update(readFileSync(file)).digest("base64");
  if (got !== want) {
    rmSync(file);
    throw new Error(`${pkg.name}@${pkg.version}: tarball ${algo} is ${got}, the pin says ${want}`);
  }
  return file;
}

// stringConstant reads the string literal assigned to name in a bundled
// module: `name = '...'` or `name = "..."`.
function stringConstant(source, name, where) {
  const marker = `${name} = `;
  const at = source.indexOf(marker);
  if (at < 0 || source.indexOf(marker, at + 1) >= 0) throw new Error(`${where}: want exactly one "${marker}"`);
  const start = at + marker.length;
  const quote = source[start];
  if (quote !== "'" && quote !== '"') throw new Error(`${where}: ${name} is not a string literal`);
  let i = start + 1;
  for (; i < source.length; i++) {
    if (source[i] === "\\") {
      i++;
      continue;
    }
    if (source[i] === quote) break;
    if (source[i] === "\n") throw new Error(`${where}: ${name} literal breaks a line`);
  }
  if (i >= source.length) throw new Error(`${where}: ${name} literal is not closed`);
  // The span is one complete string literal (delimited above), so
  // evaluating it only decodes its escapes.
  return new Function(`return ${source.slice(start, i + 1)};`)();
}

function extract(pkg) {
  const dir = join(root, pkg.into);
  if (!force && upToDate(pkg, dir)) {
    console.log(`webassets: ${pkg.name}@${pkg.version} up to date in ${pkg.into}`);
    return;
  }
  const tgz = tarball(pkg);
  const tmp = mkdtempSync(join(tmpdir(), "webassets-"));
  try {
    execFileSync("tar", ["-xzf", tgz, "-C", tmp]);
    mkdirSync(dir, { recursive: true });
    // Remove what an earlier pin wrote, keep the committed README.
    for (const f of readdirSync(dir)) if (f !== "README.md") rmSync(join(dir, f), { recursive: true, force: true });
    const written = {};
    const write = (name, data) => {
      writeFileSync(join(dir, name), data);
      written[name] = sha256(Buffer.from(data));
    };
    for (const [from, to] of Object.entries(pkg.files || {})) {
      write(to, readFileSync(join(tmp, from)));
    }
    for (const [from, t] of Object.entries(pkg.templates || {})) {
      const html = stringConstant(readFileSync(join(tmp, from), "utf8"), t.constant, `${pkg.name}/${from}`);
      if (!html.startsWith("<!DOCTYPE html>") || html.split("</head>").length !== 2) {
        throw new Error(`${pkg.name}/${from}: ${t.constant} is not one HTML page with one </head>`);
      }
      write(t.to, html);
    }
    if (pkg.licenseText) write("LICENSE.txt", readFileSync(join(root, pkg.licenseText)));
    const provenance = {
      name: pkg.name,
      version: pkg.version,
      integrity: pkg.integrity,
      license: pkg.license,
      repository: pkg.repository,
      tarball: `https://registry.npmjs.org/${pkg.name}/-/${pkg.name.split("/").pop()}-${pkg.version}.tgz`,
      files: written,
    };
    writeFileSync(join(dir, "PROVENANCE.json"), JSON.stringify(provenance, null, 2) + "\n");
    console.log(`webassets: ${pkg.name}@${pkg.version} -> ${pkg.into} (${Object.keys(written).length} files)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

for (const pkg of pins.packages) extract(pkg);
