package dev.tableindex.model.iceberg.table;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs each task at once in the thread that submits it, for the Iceberg work the kit keeps off Iceberg's shared
 * pools ({@link InThreadTable}, {@link InThreadRows}): a task handed to it is done when {@code submit} returns, so
 * Iceberg's {@code Tasks.waitFor} finds every future done and never sleeps. Never shut down (it holds no threads).
 */
final class CallerThreadExecutor extends AbstractExecutorService {
    static final CallerThreadExecutor INSTANCE = new CallerThreadExecutor();

    private CallerThreadExecutor() {
    }

    @Override
    public void execute(Runnable task) {
        task.run();
    }

    @Override
    public void shutdown() {
        throw new UnsupportedOperationException("the kit's in-thread executor is shared and never shut down");
    }

    @Override
    public List<Runnable> shutdownNow() {
        throw new UnsupportedOperationException("the kit's in-thread executor is shared and never shut down");
    }

    @Override
    public boolean isShutdown() {
        return false;
    }

    @Override
    public boolean isTerminated() {
        return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return false;
    }
}
