/**
 * Functions over 80 lines (issue 29 counts component functions): `npx tsx scripts/code-shape.ts . components`
 * (a root, then folders separated by commas). Nested functions inside a long one are counted on their own.
 */
import ts from "typescript";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
const root = process.argv[2] ?? ".";
const dirs = (process.argv[3] ?? "components").split(",");
function walk(d: string): string[] { return readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(path.join(d, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name) ? [path.join(d, e.name)] : []); }
const out: string[] = [];
for (const dir of dirs) for (const file of walk(path.join(root, dir))) {
  const src = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (n: ts.Node) => {
    if (ts.isFunctionDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n)) {
      const a = src.getLineAndCharacterOfPosition(n.getStart()).line; const b = src.getLineAndCharacterOfPosition(n.getEnd()).line;
      if (b - a + 1 > 80) {
        const name = (n as ts.FunctionDeclaration).name?.getText() ?? (ts.isVariableDeclaration(n.parent) ? n.parent.name.getText() : "<anon>");
        out.push(`${b - a + 1}\t${path.relative(root, file)}:${a + 1}\t${name}`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
}
console.log(out.sort((x, y) => Number(y.split("\t")[0]) - Number(x.split("\t")[0])).join("\n"));
console.log(`total ${out.length}`);
