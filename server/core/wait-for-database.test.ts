import net from "node:net";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { closeDb, getDbHandle } from "@/db/client";
import { closeBus } from "./bus";
import { waitForDatabase } from "./wait-for-database";

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });

describe("waitForDatabase", () => {
  it("retries while the database cannot be reached, doubling the delay up to the cap, one log line per retry", async () => {
    let calls = 0;
    const delays: number[] = [];
    const lines: string[] = [];
    const value = await waitForDatabase(
      async () => {
        calls++;
        // Drizzle wraps the driver's error: the cause chain is read.
        if (calls < 7) throw new Error("Failed query: select 1", { cause: refused() });
        return "open";
      },
      { baseDelayMs: 100, maxDelayMs: 1_000, sleep: async (ms) => void delays.push(ms), log: (line) => lines.push(line) },
    );
    expect(value).toBe("open");
    expect(calls).toBe(7);
    expect(delays).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/attempt 1: connect ECONNREFUSED 127\.0\.0\.1:1\); retrying in 100 ms/);
    expect(lines.join("\n")).not.toContain("Failed query");
  });

  it("does not retry what waiting cannot mend, and gives up at the deadline when one is set", async () => {
    let calls = 0;
    const broken = new Error('relation "x" does not exist');
    await expect(waitForDatabase(async () => { calls++; throw broken; }, { sleep: async () => undefined, log: () => undefined })).rejects.toBe(broken);
    expect(calls).toBe(1);

    calls = 0;
    await expect(
      waitForDatabase(async () => { calls++; throw refused(); }, { baseDelayMs: 20, maxDelayMs: 20, deadlineMs: 150, log: () => undefined }),
    ).rejects.toMatchObject({ code: "ECONNREFUSED" });
    expect(calls).toBeGreaterThan(2);
    expect(calls).toBeLessThan(12);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("opens the real database once it starts answering (a process started while PostgreSQL was down)", async () => {
    // The file's own database, reached through a port where nothing listens yet; a TCP relay to PostgreSQL opens
    // there after the second failed attempt, as a database coming up would.
    await closeBus();
    await closeDb();
    const real = new URL(process.env.DATABASE_URL!);
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: p } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    const relay = net.createServer((client) => {
      const upstream = net.connect(Number(real.port || 5432), real.hostname);
      client.pipe(upstream).pipe(client);
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
    });
    const viaRelay = new URL(real);
    viaRelay.port = String(port);
    process.env.DATABASE_URL = viaRelay.toString();
    const lines: string[] = [];
    try {
      const handle = await waitForDatabase(getDbHandle, {
        baseDelayMs: 50,
        maxDelayMs: 200,
        log: (line, { attempt }) => {
          lines.push(line);
          if (attempt === 2) relay.listen(port, "127.0.0.1");
        },
      });
      const res = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(res.rows[0]?.one).toBe(1);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/\[db\] database unavailable at start \(attempt 1: .*ECONNREFUSED/);
    } finally {
      await closeBus();
      await closeDb();
      relay.close();
      process.env.DATABASE_URL = real.toString();
    }
  });
});
