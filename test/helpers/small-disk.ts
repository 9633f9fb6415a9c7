// A real small disk for the full-disk tests: a tmpfs mounted into a temporary directory, filled
// with a file until the kernel answers ENOSPC, and grown by remounting it larger. Mounting needs
// root (CI runs the tests as root); where it is refused the tests fail with that reason instead of
// passing without having run.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class SmallDisk {
  private filler: number | null = null;

  private constructor(readonly dir: string) {}

  /** A tmpfs of `mb` MiB at a new temporary directory. */
  static mount(mb: number): SmallDisk {
    const dir = mkdtempSync(join(tmpdir(), 'chainlytics-small-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mb}m`, 'tmpfs', dir], { stdio: 'pipe' });
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      const why = (err as { stderr?: Buffer }).stderr?.toString().trim() || (err as Error).message;
      throw new Error(`the full-disk tests need to mount a tmpfs (run them as root, as CI does): mount -t tmpfs failed: ${why}`);
    }
    return new SmallDisk(dir);
  }

  /** Writes a file until the disk has no byte left (ENOSPC); returns the bytes it took. */
  fill(): number {
    this.filler = openSync(join(this.dir, 'filler'), 'w');
    let written = 0;
    // Large writes first, then small ones for the last partial pages.
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) written += writeSync(this.filler, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
    return written;
  }

  /** Remounts the tmpfs at `mb` MiB, keeping its files (the filler stays). */
  grow(mb: number): void {
    execFileSync('mount', ['-o', `remount,size=${mb}m`, this.dir], { stdio: 'pipe' });
  }

  /** Remounts the tmpfs read-only or read-write again. */
  remount(mode: 'ro' | 'rw'): void {
    execFileSync('mount', ['-o', `remount,${mode}`, this.dir], { stdio: 'pipe' });
  }

  unmount(): void {
    if (this.filler !== null) closeSync(this.filler);
    this.filler = null;
    execFileSync('umount', [this.dir], { stdio: 'pipe' });
    rmSync(this.dir, { recursive: true, force: true });
  }
}
