package dev.tableindex.model.table;

import java.time.Clock;
import java.util.Random;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * What a commit takes from outside: the time ({@code created_at}, manifest timestamp) and fresh
 * uuids (segments, files, transactions). Injected so tests are deterministic.
 */
public record TableEnvironment(Clock clock, Supplier<UUID> uuids) {
    public static final String WRITER_LIBRARY = "tableindex-reference";
    public static final String WRITER_VERSION = "0.1.0";

    public static TableEnvironment system() {
        return new TableEnvironment(Clock.systemUTC(), UUID::randomUUID);
    }

    /** A fixed clock and uuids from a seeded generator. */
    public static TableEnvironment deterministic(Clock clock, long seed) {
        Random random = new Random(seed);
        return new TableEnvironment(clock, () -> {
            byte[] bytes = new byte[16];
            random.nextBytes(bytes);
            bytes[6] = (byte) ((bytes[6] & 0x0f) | 0x40);
            bytes[8] = (byte) ((bytes[8] & 0x3f) | 0x80);
            long msb = 0;
            long lsb = 0;
            for (int i = 0; i < 8; i++) {
                msb = msb << 8 | (bytes[i] & 0xff);
                lsb = lsb << 8 | (bytes[i + 8] & 0xff);
            }
            return new UUID(msb, lsb);
        });
    }

    public UUID newUuid() {
        return uuids.get();
    }

    public long nowMillis() {
        return clock.millis();
    }
}
