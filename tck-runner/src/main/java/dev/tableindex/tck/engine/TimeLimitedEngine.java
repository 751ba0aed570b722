package dev.tableindex.tck.engine;

import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.TckEngine;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Gives an in-process engine the same per-request timeout a subprocess has, without a second thread per call: each
 * facet call runs in the thread that makes it, and one watchdog thread looks at the calls in progress (decision
 * 0132). A call still running after the timeout is interrupted and ends as {@link EngineBroken} "did not return
 * within", so an engine that hangs waiting (sleep, I/O, an interruptible lock) cannot hang the run. A call that
 * ignores the interrupt for as long again cannot be abandoned in-process: the watchdog hands a one-line message to
 * {@code onStuck}, which by default prints it as an {@code error:} line and ends the process with exit status
 * {@value #STUCK_EXIT}. Run engines that may spin or abort (JNI ones) as {@code cmd:} subprocesses, which the kit
 * kills and replaces.
 */
public final class TimeLimitedEngine implements TckEngine {
    /** The exit status of a run ended by a call that ignored its interrupt: the run did not finish. */
    public static final int STUCK_EXIT = 1;

    /** A facet call in progress, in the thread that made it. */
    private static final class Call {
        final String name;
        final Thread thread = Thread.currentThread();
        final long started = System.nanoTime();
        private boolean finished;
        private boolean interrupted;

        Call(String name) {
            this.name = name;
        }

        /** The watchdog's interrupt, only while the call runs: the thread never sees one after its call returned. */
        synchronized void interruptIfRunning() {
            if (!finished && !interrupted) {
                interrupted = true;
                thread.interrupt();
            }
        }

        /** Ends the call; true if the watchdog interrupted it (the call's own interrupt status is then cleared). */
        synchronized boolean finish() {
            finished = true;
            if (interrupted) {
                Thread.interrupted();
            }
            return interrupted;
        }

        synchronized boolean ignoredInterrupt() {
            return interrupted && !finished;
        }
    }

    private final TckEngine engine;
    private final Duration timeout;
    private final Consumer<String> onStuck;
    private final Map<Thread, Call> calls = new ConcurrentHashMap<>();
    private volatile Thread watchdog;

    public TimeLimitedEngine(TckEngine engine, Duration timeout) {
        this(engine, timeout, TimeLimitedEngine::endTheRun);
    }

    /** As the default, with {@code onStuck} told (once) of a call that ignored its interrupt. */
    TimeLimitedEngine(TckEngine engine, Duration timeout, Consumer<String> onStuck) {
        this.engine = engine;
        this.timeout = timeout;
        this.onStuck = onStuck;
    }

    @Override
    public EngineInfo info() {
        return engine.info();
    }

    @Override
    public <F extends Facet> F facet(Class<F> type) {
        F facet = engine.facet(type);
        Object proxy = Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return method.invoke(facet, args);
            }
            Call call = begin(type.getSimpleName() + "." + method.getName());
            Throwable failure = null;
            Object result = null;
            try {
                result = method.invoke(facet, args);
            } catch (InvocationTargetException e) {
                failure = e.getCause();
            } finally {
                calls.remove(call.thread, call);
            }
            if (call.finish()) {
                throw new EngineBroken(call.name + " did not return within " + timeout.toMillis() + " ms (engine hangs?)");
            }
            if (failure != null) {
                throw failure;
            }
            return result;
        });
        return type.cast(proxy);
    }

    private Call begin(String name) {
        Call call = new Call(name);
        if (calls.putIfAbsent(call.thread, call) != null) {
            // a facet call made from inside another one, in the same thread: the outer call's time limit covers it
            return new Call(name);
        }
        if (watchdog == null) {
            startWatchdog();
        }
        return call;
    }

    private synchronized void startWatchdog() {
        if (watchdog == null) {
            watchdog = new Thread(this::watch, "engine-watchdog");
            watchdog.setDaemon(true);
            watchdog.start();
        }
    }

    private void watch() {
        long limit = timeout.toNanos();
        long period = Math.max(10, Math.min(1000, timeout.toMillis() / 4));
        try {
            while (true) {
                Thread.sleep(period);
                long now = System.nanoTime();
                for (Call call : calls.values()) {
                    long running = now - call.started;
                    if (running > 2 * limit && call.ignoredInterrupt()) {
                        onStuck.accept(call.name + " did not return within " + timeout.toMillis()
                                + " ms and went on for as long again after it was interrupted: an in-process engine"
                                + " cannot be abandoned, so the run stops here (run the engine as cmd:<command>,"
                                + " where a hung engine is replaced)");
                        return;
                    }
                    if (running > limit) {
                        call.interruptIfRunning();
                    }
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    private static void endTheRun(String message) {
        System.err.println("error: " + message);
        System.err.flush();
        System.exit(STUCK_EXIT);
    }

    @Override
    public void close() {
        synchronized (this) {
            if (watchdog != null) {
                watchdog.interrupt();
            }
        }
        engine.close();
    }
}
