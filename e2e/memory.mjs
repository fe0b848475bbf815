// The memory of the browser this script started, sampled while a page runs: the proportional
// set size (Linux's Pss, shared pages divided among the processes that map them) summed over
// every process below this Node process, so the browser's renderer, GPU, network and utility
// processes all count and a page shared between them counts once.
import { readFileSync, readdirSync } from 'node:fs';

// parent pid of every process
const parents = () => {
  const of = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // the command name is in parentheses and may hold spaces: the fields after its ')'
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      of.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* the process ended */ }
  }
  return of;
};

const pssKiB = pid => {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch { return 0; }
};

/// MiB of Pss over this process's descendants now.
export const browserMiB = () => {
  const of = parents();
  const below = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of of) if (below.has(ppid) && !below.has(pid)) { below.add(pid); grew = true; }
  }
  below.delete(process.pid);
  let kib = 0;
  for (const pid of below) kib += pssKiB(pid);
  return kib / 1024;
};

/// Samples browserMiB every `ms` until stopped; `stop()` returns the peak, MiB. On a system
/// without /proc the peak is null. Reading a process's Pss walks its page tables, which holds
/// up that process for a moment: sampled every 250 ms it slowed a k = 16 run in the page by
/// 13 %, every second by a few per cent.
export const watchMemory = (ms = 1000) => {
  let peak = 0;
  let works = true;
  const sample = () => {
    try { peak = Math.max(peak, browserMiB()); } catch { works = false; }
  };
  sample();
  const timer = setInterval(sample, ms);
  return { stop: () => { clearInterval(timer); sample(); return works ? Math.round(peak) : null; } };
};
