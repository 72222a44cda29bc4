import { describe, expect, it, vi } from "vitest";
import { createClientLogger, RingBuffer, USER_RECORD_KEY } from "~/lib/client-log";

/** A sessionStorage stand-in. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

describe("client logger", () => {
  it("keeps 1000 entries: the 1001st drops the oldest", () => {
    const log = createClientLogger({ storage: () => memoryStorage() });
    for (let i = 1; i <= 1001; i++) log.info("business", `entry ${i}`);
    const entries = log.entries();
    expect(entries).toHaveLength(1000);
    expect(entries[0]?.message).toBe("entry 2");
    expect(entries.at(-1)?.message).toBe("entry 1001");
    expect(entries.some((e) => e.message === "entry 1")).toBe(false);
  });

  it("stamps time, level, category, the stored user id and one session id per browser session", () => {
    const storage = memoryStorage();
    storage.setItem(USER_RECORD_KEY, JSON.stringify({ id: "user-42" }));
    const log = createClientLogger({ storage: () => storage });
    const first = log.warn("form", "Quote form has errors", { fields: ["email"] });
    const second = log.debug("api", "later");
    expect(first).toMatchObject({
      level: "warn",
      category: "form",
      message: "Quote form has errors",
      data: { fields: ["email"] },
      userId: "user-42",
    });
    expect(new Date(first.timestamp).toISOString()).toBe(first.timestamp);
    expect(first.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.sessionId).toBe(first.sessionId);
    // a new browser session (new storage) gets another id
    const other = createClientLogger({ storage: () => memoryStorage() }).info("user", "x");
    expect(other.sessionId).not.toBe(first.sessionId);
    expect(other.userId).toBeNull();
  });

  it("uses 'server' without storage and 'unknown' when storage cannot be read", () => {
    expect(createClientLogger().info("api", "on the server").sessionId).toBe("server");
    const blocked = createClientLogger({
      storage: () => {
        throw new DOMException("denied", "SecurityError");
      },
    });
    expect(blocked.error("security", "blocked")).toMatchObject({
      sessionId: "unknown",
      userId: null,
    });
  });

  it("reports entries of level error only", () => {
    const report = vi.fn();
    const log = createClientLogger({ storage: () => memoryStorage(), report });
    log.info("quotes", "fine");
    log.warn("quotes", "hmm");
    const failure = log.error("quotes", "broken");
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(failure);
  });
});

describe("RingBuffer", () => {
  it("keeps the newest items in order and refuses a capacity below 1", () => {
    const buffer = new RingBuffer<number>(3);
    for (const n of [1, 2, 3, 4, 5]) buffer.push(n);
    expect(buffer.toArray()).toEqual([3, 4, 5]);
    expect(buffer.size).toBe(3);
    buffer.clear();
    expect(buffer.toArray()).toEqual([]);
    expect(() => new RingBuffer(0)).toThrow(RangeError);
  });
});
