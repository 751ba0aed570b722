package dev.tableindex.tck.engine;

import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.TckEngine;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Gives an in-process engine the same per-request timeout a subprocess has: each facet call runs on
 * a daemon thread, and a call that does not return in time is abandoned as {@link EngineBroken}, so
 * a hanging engine cannot hang the run. (An in-process engine can still end the JVM; run engines that
 * may abort, like JNI ones, as {@code cmd:} subprocesses.)
 */
public final class TimeLimitedEngine implements TckEngine {
    private final TckEngine engine;
    private final Duration timeout;
    private final ExecutorService calls = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "engine-call");
        thread.setDaemon(true);
        return thread;
    });

    public TimeLimitedEngine(TckEngine engine, Duration timeout) {
        this.engine = engine;
        this.timeout = timeout;
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
            Future<Object> call = calls.submit(() -> method.invoke(facet, args));
            try {
                return call.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                call.cancel(true);
                throw new EngineBroken(type.getSimpleName() + "." + method.getName() + " did not return within "
                        + timeout.toMillis() + " ms (engine hangs?)");
            } catch (ExecutionException e) {
                Throwable cause = e.getCause() instanceof InvocationTargetException target ? target.getCause() : e.getCause();
                throw cause;
            }
        });
        return type.cast(proxy);
    }

    @Override
    public void close() {
        calls.shutdownNow();
        engine.close();
    }
}
