package dev.tableindex.engines.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TruthValue;
import dev.tableindex.proto.tck.EvaluateAnyElementRequest;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.engine.ProtoPredicates;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Where DuckDB's SQL and the kit's model part, one example each (decision 0090): each test shows the model's answer
 * and DuckDB's, so a DuckDB release that changes one is noticed here, and the differential property's generator
 * keeps out of exactly these ranges. Everything else agrees ({@link ModelAgreesWithDuckDbProperties}).
 */
class DuckDbDialectDifferencesTest {
    private static DuckDbEngine engine;

    @BeforeAll
    static void start() {
        engine = DuckDbEngine.open();
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    private static final String FLOATS = """
            {"column": "l", "element": [{"name": "x", "type": "float"}],
             "rows": [[{"x": "NaN"}], [{"x": "-NaN"}], [{"x": "bits:0x7FC00001"}], [{"x": 0.0}], [{"x": "-0.0"}]]}""";

    @Test
    void duckDbHasOneNaNAboveEveryNumberWhereTheKitProposesTotalOrder() {
        assertThat(model(FLOATS, "x = FLOAT 'NaN'")).containsExactly("TRUE", "FALSE", "FALSE", "FALSE", "FALSE");
        assertThat(duckdb(FLOATS, "x = FLOAT 'NaN'")).containsExactly("TRUE", "TRUE", "TRUE", "FALSE", "FALSE");
        assertThat(model(FLOATS, "x < FLOAT '-Infinity'")).containsExactly("FALSE", "TRUE", "FALSE", "FALSE", "FALSE");
        assertThat(duckdb(FLOATS, "x < FLOAT '-Infinity'")).containsExactly("FALSE", "FALSE", "FALSE", "FALSE", "FALSE");
    }

    @Test
    void duckDbEqualsTheTwoZerosWhereTheKitProposesTotalOrder() {
        assertThat(model(FLOATS, "x = 0.0")).containsExactly("FALSE", "FALSE", "FALSE", "TRUE", "FALSE");
        assertThat(duckdb(FLOATS, "x = 0.0")).containsExactly("FALSE", "FALSE", "FALSE", "TRUE", "TRUE");
        assertThat(duckdb(FLOATS, "x < 0.0")).containsExactly("FALSE", "FALSE", "FALSE", "FALSE", "FALSE");
    }

    @Test
    void aDecimalLiteralOfMoreThan38DigitsIsADoubleInDuckDb() {
        String table = """
                {"column": "l", "element": [{"name": "n", "type": "int64"}], "rows": [[{"n": 1}]]}""";
        String predicate = "n = 1.000000000000000000000000000000000000000001";
        assertThat(model(table, predicate)).containsExactly("FALSE");
        assertThat(duckdb(table, predicate)).containsExactly("TRUE");
        assertThat(duckdb(table, "n = 1.0000000000000000000000000000000000001")).containsExactly("FALSE");
    }

    @Test
    void duckDbComparesTimestampsAtNanosecondsAndRefusesInstantsBeyondThatRange() {
        // 3000-01-01T00:00:00Z in seconds: a timestamp:s holds it, a nanosecond timestamp cannot
        String table = """
                {"column": "l", "element": [{"name": "t", "type": "timestamp:s:-"}], "rows": [[{"t": 32503680000}]]}""";
        assertThat(model(table, "t > TIMESTAMP '2000-01-01 00:00:00'")).containsExactly("TRUE");
        assertThatThrownBy(() -> duckdb(table, "t > TIMESTAMP '2000-01-01 00:00:00'")).isInstanceOf(EngineRefusal.class)
                .hasMessageContaining("Could not convert Timestamp(US) to Timestamp(NS)");
    }

    @Test
    void duckDbsStructFieldNamesAreCaseInsensitive() {
        String table = """
                {"column": "l", "element": [{"name": "a", "type": "int32"}, {"name": "A", "type": "int32"}],
                 "rows": [[{"a": 1, "A": 2}]]}""";
        assertThat(model(table, "A = 2")).containsExactly("TRUE");
        assertThatThrownBy(() -> duckdb(table, "A = 2")).isInstanceOf(EngineRefusal.class)
                .hasMessageContaining("Duplicate STRUCT type argument name");
    }

    private static List<String> model(String table, String predicate) {
        return AnyElement.evaluate(ListTable.fromJson(table), predicate, false).stream().map(TruthValue::sql).toList();
    }

    private static List<String> duckdb(String table, String predicate) {
        EvaluateAnyElementRequest request = EvaluateAnyElementRequest.newBuilder().setTableJson(table).setPredicate(predicate)
                .setPredicateTree(ProtoPredicates.tree(predicate, ListTable.fromJson(table).element()).orElseThrow()).build();
        return engine.evaluateAnyElement(request).getRowsList().stream().map(DuckDbDialectDifferencesTest::sql).toList();
    }

    private static String sql(Truth truth) {
        return truth == Truth.TRUTH_UNKNOWN ? "NULL" : truth == Truth.TRUTH_TRUE ? "TRUE" : "FALSE";
    }
}
