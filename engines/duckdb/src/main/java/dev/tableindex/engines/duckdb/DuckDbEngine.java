package dev.tableindex.engines.duckdb;

import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.EvaluateAnyElementRequest;
import dev.tableindex.proto.tck.EvaluateAnyElementResult;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.tck.api.AnyElementEvaluator;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.TckEngine;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;

/**
 * DuckDB as a kit engine with capability {@code any_element}: each request's table is loaded as a
 * {@code LIST(STRUCT(...))} column ({@link ListColumnSql}) and DuckDB evaluates the call on every row,
 * element by element, with SQL's own three-valued logic:
 * {@code CASE WHEN l IS NULL THEN NULL ELSE true = ANY (SELECT <predicate over e> FROM unnest(l) AS t(e)) END}.
 * The predicate is the protocol's tree translated into SQL ({@link ElementPredicateSql}); no predicate text is
 * parsed, so a request without a tree (one the kit's grammar refuses) is refused without a kind or column.
 */
public final class DuckDbEngine implements TckEngine, AnyElementEvaluator {
    public static final String NAME = "duckdb";

    private final Connection connection;
    private final EngineInfo info;

    private DuckDbEngine(Connection connection, String version) {
        this.connection = connection;
        this.info = new EngineInfo(NAME, version, Set.of(Capability.ANY_ELEMENT));
    }

    /** A fresh in-memory database. */
    public static DuckDbEngine open() {
        try {
            Connection connection = DriverManager.getConnection("jdbc:duckdb:");
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET TimeZone = 'UTC'");
                // one small table per request: threads cost more than they bring (and the machine is shared)
                statement.execute("SET threads = 1");
                try (ResultSet version = statement.executeQuery("SELECT version()")) {
                    version.next();
                    return new DuckDbEngine(connection, version.getString(1).replaceFirst("^v", ""));
                }
            }
        } catch (SQLException e) {
            throw new EngineBroken("DuckDB did not start: " + e.getMessage(), e);
        }
    }

    @Override
    public EngineInfo info() {
        return info;
    }

    @Override
    public <F extends Facet> F facet(Class<F> type) {
        if (type == AnyElementEvaluator.class) {
            return type.cast(this);
        }
        throw new EngineUnsupported(type.getSimpleName());
    }

    @Override
    public EvaluateAnyElementResult evaluateAnyElement(EvaluateAnyElementRequest request) {
        if (!request.hasPredicateTree()) {
            throw refusal("OTHER", "no predicate tree came with '" + request.getPredicate() + "' (the kit's grammar refuses"
                    + " the text); this engine translates trees into SQL and parses no predicate text");
        }
        ListTable table;
        try {
            table = ListTable.fromJson(request.getTableJson());
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_TABLE", e.getMessage());
        }
        String predicate;
        String query;
        try {
            load(table);
            predicate = ElementPredicateSql.of(request.getPredicateTree(), "e");
            query = anyElementQuery(table, predicate, request.getNegated());
        } catch (IllegalArgumentException e) {
            throw refusal("BAD_TABLE", e.getMessage());
        }
        EvaluateAnyElementResult.Builder result = EvaluateAnyElementResult.newBuilder();
        try (Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(query)) {
            while (rows.next()) {
                boolean value = rows.getBoolean(1);
                result.addRows(rows.wasNull() ? Truth.TRUTH_UNKNOWN : value ? Truth.TRUTH_TRUE : Truth.TRUTH_FALSE);
            }
        } catch (SQLException e) {
            throw refusal("OTHER", "DuckDB refused the predicate " + predicate + ": " + message(e));
        }
        return result.build();
    }

    /** {@code [NOT] any_element(column, p)} on every row, in row order. */
    static String anyElementQuery(ListTable table, String predicateOverE, boolean negated) {
        String list = DuckDbValues.identifier(table.column());
        String call = "CASE WHEN " + list + " IS NULL THEN NULL ELSE true = ANY (SELECT " + predicateOverE
                + " FROM unnest(" + list + ") AS t(e)) END";
        return "SELECT " + (negated ? "NOT (" + call + ")" : call) + " FROM " + ListColumnSql.TABLE
                + " ORDER BY " + ListColumnSql.ROW;
    }

    private void load(ListTable table) {
        for (String sql : ListColumnSql.load(table)) {
            try (Statement statement = connection.createStatement()) {
                statement.execute(sql);
            } catch (SQLException e) {
                throw refusal("BAD_TABLE", "DuckDB refused the table: " + message(e));
            }
        }
    }

    private static EngineRefusal refusal(String kind, String message) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(message).setOffset(-1).build());
    }

    /** DuckDB's message on one line, without the JDBC driver's wrapping of it. */
    private static String message(SQLException e) {
        String message = String.valueOf(e.getMessage()).replaceAll("\\s+", " ").strip()
                .replaceFirst("^Invalid Input Error: Attempting to execute an unsuccessful or closed pending query result Error: ", "");
        return message.length() <= 500 ? message : message.substring(0, 500) + " …";
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            // closing an in-memory database: nothing is lost
        }
    }
}
