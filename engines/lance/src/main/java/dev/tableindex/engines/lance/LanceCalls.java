package dev.tableindex.engines.lance;

import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.RefusalReason;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One call into Lance, with Lance's errors turned into the kit's refusals: "cannot be read by this version" is
 * READER_FEATURE_UNSUPPORTED, "cannot be written by this version" WRITER_FEATURE_UNSUPPORTED, an index name that
 * "already exists" INDEX_NAME_EXISTS, "Invalid user input" and bad requests INVALID_OPERATION, anything else OTHER.
 * Source locations of Lance's build machine ({@code …/rust/lance/src/x.rs:1:2}) are cut from the messages.
 */
final class LanceCalls {
    private LanceCalls() {
    }

    interface Call<T> {
        T call() throws Exception;
    }

    private static final Pattern SOURCE_LOCATION = Pattern.compile("\\s*,?\\s*[^\\s,]*\\.rs:\\d+(:\\d+)?");

    /** Runs one Lance call, turning Lance's errors into the kit's refusal kinds. */
    static <T> T call(String what, Call<T> call) {
        try {
            return call.call();
        } catch (EngineRefusal | EngineUnsupported e) {
            throw e;
        } catch (ArrowRows.BadInput e) {
            throw refusal("INVALID_OPERATION", what + ": " + e.getMessage());
        } catch (NumberFormatException e) {
            throw refusal("INVALID_OPERATION", what + ": not a number: " + e.getMessage());
        } catch (Exception | Error e) {
            if (e instanceof VirtualMachineError vm) {
                throw vm;
            }
            String message = clean(e);
            throw refusal(kindOf(message), what + ": " + message);
        }
    }

    static String kindOf(String message) {
        if (message.contains("cannot be read by this version")) {
            return "READER_FEATURE_UNSUPPORTED";
        }
        if (message.contains("cannot be written by this version")) {
            return "WRITER_FEATURE_UNSUPPORTED";
        }
        if (message.contains("already exists") && message.toLowerCase(Locale.ROOT).contains("index")) {
            return "INDEX_NAME_EXISTS";
        }
        if (message.startsWith("Invalid user input")) {
            // LanceError::InvalidInput: Lance refuses the operation itself (e.g. a cast it cannot do)
            return "INVALID_OPERATION";
        }
        return "OTHER";
    }

    /** The error's message without the build machine's source locations ({@code /…/rust/lance/src/x.rs:1:2}). */
    static String clean(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return SOURCE_LOCATION.matcher(message).replaceAll("").trim();
    }

    static EngineRefusal refusal(String kind, String message) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(message).setOffset(-1)
                .setRefusalReason(reasonOf(kind)).build());
    }

    /** The protocol's reason code for a kind of {@link #kindOf}; scenarios judge the code, not Lance's text. */
    static RefusalReason reasonOf(String kind) {
        return switch (kind) {
            case "READER_FEATURE_UNSUPPORTED" -> RefusalReason.REFUSED_READER_FEATURE_UNSUPPORTED;
            case "WRITER_FEATURE_UNSUPPORTED" -> RefusalReason.REFUSED_WRITER_FEATURE_UNSUPPORTED;
            case "INDEX_NAME_EXISTS" -> RefusalReason.REFUSED_INDEX_NAME_EXISTS;
            case "INVALID_OPERATION" -> RefusalReason.REFUSED_INVALID_OPERATION;
            default -> RefusalReason.REFUSAL_REASON_UNSPECIFIED;
        };
    }
}
