#!/usr/bin/env node
// Each area owns its tables (issue 45 items 1 and 2): only the dollars area writes the dDollar
// ledger and the members' cached balance, and only the orders area's state module changes an order's
// status or records its events. dependency-cruiser sees imports, not writes, so `npm run lint` runs
// this too: it reads every module of app/ and names each write found outside its owner.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Each rule: the writes it looks for, and where they may be. */
export const rules = [
  {
    name: "ledger-writer",
    owner: /^app\/services\/dollars\//,
    why: "write dDollar through the dollars area (writeLedger, ledgerWrites), never the ledger or balance by hand",
    patterns: [
      /\.insert\(\s*dollarLedger\s*\)/,
      /insert\s+into\s+(dollar_ledger|\$\{\s*dollarLedger\s*\})/i,
      /\.update\(\s*members\s*\)\s*\.set\(\s*\{[^}]*\bdDollarCents\b/,
      /update\s+(members|\$\{\s*members\s*\})\s+set[^;]*?\bd_dollar_cents\s*=/i,
      /\.delete\(\s*dollarLedger\s*\)|delete\s+from\s+dollar_ledger/i,
    ],
  },
  {
    name: "order-state-writer",
    owner: /^app\/services\/orders\/order-state\.server\.ts$/,
    why: "change an order's status through the orders area (moveOrder, moveOrders, confirmCycleOrders)",
    patterns: [
      /\.update\(\s*orders\s*\)\s*\.set\(\s*\{[^}]*\bstatus\s*:/,
      /update\s+(orders|\$\{\s*orders\s*\})\s+set\s[^;]*?\bstatus\s*=/i,
      /\.insert\(\s*orderEvents\s*\)/,
      /insert\s+into\s+(order_events|\$\{\s*orderEvents\s*\})/i,
    ],
  },
  {
    name: "refund-writer",
    owner: /^app\/services\/refunds\//,
    why: "write refunds through the refunds area (requestRefund, its service), so the cap and the key hold",
    patterns: [
      /\.(insert|update|delete)\(\s*refunds\s*\)/,
      /(insert\s+into|update|delete\s+from)\s+(refunds|\$\{\s*refunds\s*\})\s/i,
    ],
  },
];

function* modules(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* modules(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The rule breaks in `source` of the file at `relative`: one line each. */
export function findWrites(relative, source) {
  const found = [];
  for (const rule of rules) {
    if (rule.owner.test(relative)) continue;
    for (const pattern of rule.patterns) {
      const match = pattern.exec(source);
      if (!match) continue;
      const line = source.slice(0, match.index).split("\n").length;
      found.push(`${relative}:${line}  ${rule.name}: ${rule.why}`);
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = [];
  for (const file of modules(path.join(root, "app"))) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    found.push(...findWrites(relative, fs.readFileSync(file, "utf8")));
  }
  if (found.length > 0) {
    console.error(`${found.length} write(s) outside their owner:\n${found.join("\n")}`);
    process.exit(1);
  }
  console.log("✔ the ledger, order states and refunds are written by their owners only");
}
