// The npm registry reachable from our build machines serves only the linux-x64 builds of
// packages that ship per-platform binaries as optional dependencies, so npm leaves the other
// platforms out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This adds the missing platform entries (never installed on a machine they don't match).
// Run after changing dependencies: `node build/lockfile-platforms.ts`.
import { readFileSync, writeFileSync } from 'node:fs';

type LockPackage = {
  version?: string;
  optionalDependencies?: Record<string, string>;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
};
const lockPath = 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockPackage> };

const osNames = ['android', 'darwin', 'linux', 'win32', 'freebsd', 'openbsd', 'openharmony', 'sunos', 'aix', 'netbsd'];
const cpuNames = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

function platformOf(name: string): Pick<LockPackage, 'os' | 'cpu' | 'libc'> {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const os = parts.find((part) => osNames.includes(part));
  const cpu = parts.find((part) => cpuNames.includes(part));
  const libc = parts.some((part) => part.startsWith('musl'))
    ? ['musl']
    : parts.includes('gnu') || parts.includes('gnueabihf')
      ? ['glibc']
      : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc && os === 'linux' ? { libc } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    lock.packages[hoisted] = {
      version: range.replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added += 1;
  }
}
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`Added ${added} platform entries to ${lockPath}\n`);
