import type { TestProject } from 'vitest/node';
import { startTestDatabaseServer } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestDatabaseServer();
  project.provide('databaseAdminUrl', server.adminUrl);
  project.provide('databaseTemplate', server.template);
  return () => server.stop();
}
