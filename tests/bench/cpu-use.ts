import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU time by part of the stack over a stretch of a benchmark, read from /proc (Linux only; elsewhere
 * nothing is printed). On two shared cores the wall-clock figures mostly say how long work waited for a
 * core; the CPU seconds each part used say whose work it was. Parts: the benchmark's own process, the
 * Temporal server, the worker, the API processes, the ERP simulator (children of this process) and the
 * PostgreSQL backends serving the benchmark's database (a backend that ended within the stretch is not
 * counted); `machine` is every core's busy time, other people's work included.
 */
type Part = 'bench driver' | 'Temporal server' | 'worker' | 'API processes' | 'ERP simulator' | 'PostgreSQL (this database)' | 'other children';

interface Snapshot {
  at: number;
  /** CPU seconds per pid, with the part it belongs to. */
  pids: Map<number, { part: Part; seconds: number }>;
  machineBusy: number;
}

const TICKS = 100;

function procStat(pid: number): { ppid: number; seconds: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return undefined;
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function machineBusy(): number {
  const [cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n');
  const n = cpu.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal
  return (n[0] + n[1] + n[2] + n[5] + n[6] + n[7]) / TICKS;
}

export interface CpuWatch {
  /** CPU seconds per part since the watch began, and the wall-clock seconds. */
  stop(): { wallSeconds: number; parts: Array<[Part | 'machine (all cores, everyone)', number]> } | undefined;
}

/** Starts counting; `workerPid` and `temporalPid` name those two children, `database` the backends' database. */
export function watchCpu(opts: { workerPid?: number; temporalPid?: number; database?: string }): CpuWatch {
  if (os.platform() !== 'linux' || !fs.existsSync('/proc/stat')) return { stop: () => undefined };
  const snapshot = (): Snapshot => {
    const all = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
    const stats = new Map<number, { ppid: number; seconds: number }>();
    for (const pid of all) {
      const s = procStat(pid);
      if (s) stats.set(pid, s);
    }
    const topOf = (pid: number): number | undefined => {
      // The child of this process the pid descends from (or this process itself).
      for (let p = pid, guard = 0; p > 1 && guard < 64; guard++) {
        if (p === process.pid) return process.pid;
        const parent = stats.get(p)?.ppid;
        if (parent === process.pid) return p;
        if (parent === undefined) return undefined;
        p = parent;
      }
      return undefined;
    };
    const pids = new Map<number, { part: Part; seconds: number }>();
    for (const [pid, s] of stats) {
      let part: Part | undefined;
      const top = topOf(pid);
      if (top === process.pid) part = 'bench driver';
      else if (top !== undefined) {
        const cmd = cmdline(top);
        if (top === opts.workerPid) part = 'worker';
        else if (top === opts.temporalPid || /temporal.*server/.test(cmd)) part = 'Temporal server';
        else if (cmd.includes('erp-simulator')) part = 'ERP simulator';
        else if (cmd.includes('serve-cluster')) part = 'API processes';
        else part = 'other children';
      } else if (opts.database && cmdline(pid).startsWith('postgres:') && cmdline(pid).includes(` ${opts.database} `)) {
        part = 'PostgreSQL (this database)';
      }
      if (part) pids.set(pid, { part, seconds: s.seconds });
    }
    return { at: performance.now(), pids, machineBusy: machineBusy() };
  };
  const start = snapshot();
  return {
    stop() {
      const end = snapshot();
      const sums = new Map<Part, number>();
      for (const [pid, { part, seconds }] of end.pids) {
        const before = start.pids.get(pid)?.seconds ?? 0;
        sums.set(part, (sums.get(part) ?? 0) + Math.max(0, seconds - before));
      }
      const parts: Array<[Part | 'machine (all cores, everyone)', number]> = [...sums].sort((a, b) => b[1] - a[1]);
      parts.push(['machine (all cores, everyone)', end.machineBusy - start.machineBusy]);
      return { wallSeconds: (end.at - start.at) / 1000, parts };
    },
  };
}

/** Rows for printTable: CPU seconds, share of the wall clock, and per unit of work when given. */
export function cpuRows(result: ReturnType<CpuWatch['stop']>, per?: { count: number; what: string }): Array<[string, string]> {
  if (!result) return [];
  return result.parts.map(([part, seconds]) => [
    `  CPU: ${part}`,
    `${seconds.toFixed(1)} s (${((seconds / result.wallSeconds) * 100).toFixed(0)} % of one core)${per ? `, ${((seconds * 1000) / per.count).toFixed(per.count > seconds * 100 ? 2 : 1)} ms per ${per.what}` : ''}`,
  ]);
}
