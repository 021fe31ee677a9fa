package dev.sessiondata.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.DefaultSerializers.UUIDSerializer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Fixed Kryo ids for the JDK value and collection types of the allow-list, so that they cost one byte instead of
 * their name. The numbers are part of the wire format: never renumber, only append. Kryo itself holds 0–8 (the
 * primitives, their wrappers and String); ours start at 20. Every other class is written by name.
 */
final class JdkTypeIds {

    private JdkTypeIds() {
    }

    static void register(Kryo kryo) {
        kryo.register(byte[].class, 20);
        kryo.register(char[].class, 21);
        kryo.register(short[].class, 22);
        kryo.register(int[].class, 23);
        kryo.register(long[].class, 24);
        kryo.register(float[].class, 25);
        kryo.register(double[].class, 26);
        kryo.register(boolean[].class, 27);
        kryo.register(String[].class, 28);
        kryo.register(Object[].class, 29);

        kryo.register(BigInteger.class, 30);
        kryo.register(BigDecimal.class, 31);
        kryo.register(Date.class, 32);
        kryo.register(UUID.class, new UUIDSerializer(), 33); // Kryo has it, but not as a default

        kryo.register(ArrayList.class, 40);
        kryo.register(LinkedList.class, 41);
        kryo.register(ArrayDeque.class, 42);
        kryo.register(HashMap.class, 43);
        kryo.register(LinkedHashMap.class, 44);
        kryo.register(TreeMap.class, 45);
        kryo.register(HashSet.class, 46);
        kryo.register(LinkedHashSet.class, 47);
        kryo.register(TreeSet.class, 48);

        kryo.register(Instant.class, 60);
        kryo.register(LocalDate.class, 61);
        kryo.register(LocalTime.class, 62);
        kryo.register(LocalDateTime.class, 63);
        kryo.register(OffsetDateTime.class, 64);
        kryo.register(OffsetTime.class, 65);
        kryo.register(ZonedDateTime.class, 66);
        kryo.register(Duration.class, 67);
        kryo.register(Period.class, 68);
        kryo.register(Year.class, 69);
        kryo.register(YearMonth.class, 70);
        kryo.register(MonthDay.class, 71);
        kryo.register(ZoneOffset.class, 72);
        kryo.register(DayOfWeek.class, 73);
        kryo.register(Month.class, 74);
    }
}
