/**
 * The app's route table (src/app/routes.tsx) as the journeys can read it: each row's path and
 * who may open it, taken from the source with the TypeScript parser (the table itself imports
 * the screens and the backend, which do not load outside the browser). A row added to the table
 * is read here without editing this file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Who opens a route in a journey: a signed-out visitor or a signed-in person of a role. */
export type Visitor = 'guest' | 'customer' | 'agent' | 'admin';

/** One row of the route table: its path (with `:param`s) and the visitors it lets in. */
export interface RouteRow {
  path: string;
  visitors: readonly Visitor[];
}

const TABLE = path.resolve(__dirname, '..', 'src', 'app', 'routes.tsx');
const VISITORS: readonly Visitor[] = ['guest', 'customer', 'agent', 'admin'];

/** The string of a property of an object literal, or undefined when absent or not a literal. */
function propertyOf(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of object.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  }
  return undefined;
}

/**
 * Who a `RouteAccess` literal lets in: `{ kind: 'guest' }` → guests; `{ kind: 'roles', roles:
 * [...] }` → those roles.
 * @throws when the literal has another shape (the table's type changed: teach this reader).
 */
function visitorsOf(access: ts.ObjectLiteralExpression): Visitor[] {
  const kind = propertyOf(access, 'kind');
  if (kind && ts.isStringLiteral(kind) && kind.text === 'guest') return ['guest'];
  const roles = propertyOf(access, 'roles');
  if (kind && ts.isStringLiteral(kind) && kind.text === 'roles' && roles && ts.isArrayLiteralExpression(roles)) {
    return roles.elements.map((element) => {
      if (!ts.isStringLiteral(element) || !VISITORS.includes(element.text as Visitor)) {
        throw new Error(`route table: unknown role ${element.getText()}`);
      }
      return element.text as Visitor;
    });
  }
  throw new Error(`route table: access ${access.getText()} is neither guest nor a list of roles`);
}

/**
 * Reads every row of `ROUTES` in src/app/routes.tsx, in the table's order. `access` may be
 * written inline or name a constant of the same file.
 * @throws when the table or a row's path or access cannot be read.
 */
export function readRouteTable(file = TABLE): RouteRow[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const constants = new Map<string, ts.Expression>();
  let table: ts.ArrayLiteralExpression | undefined;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !declaration.initializer) continue;
      constants.set(declaration.name.text, declaration.initializer);
      if (declaration.name.text === 'ROUTES' && ts.isArrayLiteralExpression(declaration.initializer)) {
        table = declaration.initializer;
      }
    }
  }
  if (!table) throw new Error(`route table: no ROUTES array in ${file}`);
  return table.elements.map((element) => {
    if (!ts.isObjectLiteralExpression(element)) throw new Error(`route table: row ${element.getText()}`);
    const where = propertyOf(element, 'path');
    let access = propertyOf(element, 'access');
    if (access && ts.isIdentifier(access)) access = constants.get(access.text);
    if (!where || !ts.isStringLiteral(where) || !access || !ts.isObjectLiteralExpression(access)) {
      throw new Error(`route table: cannot read the path and access of ${element.getText().slice(0, 120)}`);
    }
    return { path: where.text, visitors: visitorsOf(access) };
  });
}
