import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createContractClient,
  type DocumentSchema,
  findOperationsWritten,
  type Operation,
} from "../test/contract";
import { createApp } from "./app";

/**
 * The OpenAPI document itself (design §6: the zod schemas in src/contract are the one contract).
 * The journeys whose every answer is checked against it are in contract-*.test.ts beside this
 * file, one file per part of the product, so they run side by side.
 */

const app = createApp();
const contract = createContractClient(app);

describe("the OpenAPI document", () => {
  it("names /api as its server, since its paths are relative to it", () => {
    expect(contract.document.servers).toEqual([{ url: "/api" }]);
    expect(Object.keys(contract.document.paths)).toContain("/user.php");
  });

  it("declares a schema with fields for every JSON answer, never an open 'any object'", () => {
    const open: string[] = [];
    const visit = (schema: unknown, where: string, seen: Set<unknown>): void => {
      if (!schema || typeof schema !== "object" || seen.has(schema)) return;
      seen.add(schema);
      const node = schema as DocumentSchema;
      if (typeof node.$ref === "string") {
        const name = node.$ref.replace("#/components/schemas/", "");
        visit(contract.document.components.schemas[name], `${where} → ${name}`, seen);
        return;
      }
      const extra = node.additionalProperties;
      const isOpenObject =
        Object.keys(node).length === 0 ||
        (node.type === "object" &&
          !node.properties &&
          (extra === undefined ||
            extra === true ||
            (typeof extra === "object" && Object.keys(extra as object).length === 0)));
      if (isOpenObject) open.push(where);
      for (const [key, value] of Object.entries(node)) {
        const children = Array.isArray(value) ? value : [value];
        for (const child of children) visit(child, `${where}.${key}`, seen);
      }
    };
    for (const [path, methods] of Object.entries(contract.document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries((operation as Operation).responses)) {
          for (const content of Object.values(response.content ?? {})) {
            visit(content.schema, `${method.toUpperCase()} ${path} ${status}`, new Set());
          }
        }
      }
    }
    expect(open).toEqual([]);
  });
});

describe("the contract journeys", () => {
  it("call every operation of the document, so each one's answers are checked", () => {
    const journeys = readdirSync(import.meta.dirname).filter((name) =>
      /^contract-.+\.test\.ts$/.test(name),
    );
    const written = new Set(
      journeys.flatMap((name) => [
        ...findOperationsWritten(readFileSync(join(import.meta.dirname, name), "utf8")),
      ]),
    );
    const operations = Object.entries(contract.document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    expect(journeys.length).toBeGreaterThan(0);
    // A new call needs a journey, so its answers are checked against its schema too.
    expect(operations.filter((operation) => !written.has(operation))).toEqual([]);
  });
});
