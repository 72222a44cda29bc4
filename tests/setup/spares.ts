/**
 * Vitest setup file: the databases tests/setup/database.ts keeps for reuse belong to one test
 * file; they are closed (and PostgreSQL's dropped) when the file ends.
 */
import { afterAll } from "vitest";
import { closeSpareDatabases } from "./database";

afterAll(closeSpareDatabases);
