import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/platform/db/drizzle-schema.ts',
  out: './drizzle',
});
