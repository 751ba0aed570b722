package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.proto.tck.CompareKeysRequest;
import dev.tableindex.proto.tck.CompareKeysResult;
import dev.tableindex.proto.tck.EncodeKeyRequest;
import dev.tableindex.proto.tck.EncodeKeyResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.KeyEncoder;
import dev.tableindex.tck.api.TckEngine;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** An in-process engine's calls: in the caller's thread, interrupted after the timeout, the run ended if ignored. */
class TimeLimitedEngineTest {
    private static final Duration TIMEOUT = Duration.ofMillis(200);

    /** An engine whose one facet call does what {@code behaviour} does. */
    private static TckEngine engine(Supplier<EncodeKeyResult> behaviour) {
        KeyEncoder encoder = new KeyEncoder() {
            @Override
            public EncodeKeyResult encodeKey(EncodeKeyRequest request) {
                return behaviour.get();
            }

            @Override
            public CompareKeysResult compareKeys(CompareKeysRequest request) {
                throw new EngineRefusal(EngineError.newBuilder().setKind("OTHER").setMessage("not this one").build());
            }
        };
        return new TckEngine() {
            @Override
            public EngineInfo info() {
                return new EngineInfo("test", "1", Set.of(Capability.KEY_ENCODING));
            }

            @Override
            public <F extends Facet> F facet(Class<F> type) {
                return type.cast(encoder);
            }
        };
    }

    private static EncodeKeyResult encode(TckEngine engine) {
        return engine.facet(KeyEncoder.class).encodeKey(EncodeKeyRequest.getDefaultInstance());
    }

    @Test
    void aCallRunsInTheCallersThreadAndReturnsWhatTheEngineReturned() {
        Thread caller = Thread.currentThread();
        EncodeKeyResult answer = EncodeKeyResult.newBuilder().setEncoding(com.google.protobuf.ByteString.copyFrom(new byte[] {1, 2})).build();
        AtomicBoolean sameThread = new AtomicBoolean();
        try (TckEngine engine = new TimeLimitedEngine(engine(() -> {
            sameThread.set(Thread.currentThread() == caller);
            return answer;
        }), TIMEOUT, message -> { })) {
            assertThat(encode(engine)).isEqualTo(answer);
            assertThat(sameThread).isTrue();
            assertThatThrownBy(() -> engine.facet(KeyEncoder.class).compareKeys(CompareKeysRequest.getDefaultInstance()))
                    .isInstanceOf(EngineRefusal.class).hasMessage("OTHER: not this one");
        }
    }

    @Test
    void aCallWaitingPastTheTimeoutIsInterruptedAndTheNextCallRuns() {
        AtomicBoolean hang = new AtomicBoolean(true);
        AtomicBoolean stuck = new AtomicBoolean();
        try (TckEngine engine = new TimeLimitedEngine(engine(() -> {
            if (hang.getAndSet(false)) {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    throw new IllegalStateException("interrupted", e);
                }
            }
            return EncodeKeyResult.getDefaultInstance();
        }), TIMEOUT, message -> stuck.set(true))) {
            assertThatThrownBy(() -> encode(engine)).isInstanceOf(EngineBroken.class)
                    .hasMessage("KeyEncoder.encodeKey did not return within 200 ms (engine hangs?)");
            assertThat(Thread.currentThread().isInterrupted()).as("the caller's interrupt status after the call").isFalse();
            assertThat(encode(engine)).isEqualTo(EncodeKeyResult.getDefaultInstance());
            assertThat(stuck).isFalse();
        }
    }

    @Test
    void aCallThatIgnoresTheInterruptEndsTheRunWithOneMessage() throws Exception {
        CompletableFuture<String> stuck = new CompletableFuture<>();
        try (TckEngine engine = new TimeLimitedEngine(engine(() -> {
            while (!stuck.isDone()) {
                Thread.onSpinWait(); // deaf to interrupts, as a busy loop in native or engine code is
            }
            return EncodeKeyResult.getDefaultInstance();
        }), TIMEOUT, stuck::complete)) {
            CompletableFuture<Throwable> call = CompletableFuture.supplyAsync(() -> {
                try {
                    encode(engine);
                    return null;
                } catch (Throwable e) {
                    return e;
                }
            });
            assertThat(stuck.get(30, TimeUnit.SECONDS)).startsWith("KeyEncoder.encodeKey did not return within 200 ms"
                    + " and went on for as long again after it was interrupted").contains("run the engine as cmd:");
            assertThat(call.get(30, TimeUnit.SECONDS)).isInstanceOf(EngineBroken.class);
        }
    }
}
