import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/db/schema.ts", "./app/db/messages-schema.ts"],
  out: "./drizzle",
});
