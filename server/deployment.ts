// What kind of instance an environment describes, and how its process trades speed for memory. No dependencies, so
// `npm start`'s launcher (ssr/start.mjs) can ask before it loads the server; the configuration (config.ts) asks the
// same functions once the environment is checked.

export type Deployment = 'local' | 'production';
export type OptimizeFor = 'memory' | 'speed';

interface DeploymentEnv {
  DEPLOYMENT?: string;
  DATABASE_URL?: string;
  PUBLIC_APP_URL?: string;
  OPTIMIZE_FOR?: string;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An explicit DEPLOYMENT, else whether anything points beyond this machine (decision 020). */
export function deploymentOf(env: DeploymentEnv): Deployment {
  if (env.DEPLOYMENT === 'local' || env.DEPLOYMENT === 'production') return env.DEPLOYMENT;
  const appUrl = env.PUBLIC_APP_URL;
  const appHost = appUrl ? (URL.canParse(appUrl) ? new URL(appUrl).hostname : '') : 'localhost';
  return env.DATABASE_URL || !loopbackHosts.has(appHost) ? 'production' : 'local';
}

/** An explicit OPTIMIZE_FOR, else memory on a local instance and speed on a deployment (decision 065). */
export function optimizeForOf(env: DeploymentEnv): OptimizeFor {
  if (env.OPTIMIZE_FOR === 'memory' || env.OPTIMIZE_FOR === 'speed') return env.OPTIMIZE_FOR;
  return deploymentOf(env) === 'local' ? 'memory' : 'speed';
}

/** The V8 flag a process optimised for memory runs with. */
export const memoryFlag = '--optimize-for-size';
