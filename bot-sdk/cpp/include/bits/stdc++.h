// Arena's <bits/stdc++.h>: every standard header that libc++ offers for wasm32-wasi, so that
// players who write `#include <bits/stdc++.h>` (a GCC convenience header that libc++ lacks)
// compile unchanged, with the `uint`, `ushort` and `ulong` that g++'s headers give.
//
// Left out, because WebAssembly bots cannot use them: <csetjmp> and <csignal> (wasi-libc has no
// setjmp or signals). <thread>, <mutex>, <future> and friends are included but almost empty:
// there are no threads in the sandbox.

#ifndef ARENA_BITS_STDCXX_H
#define ARENA_BITS_STDCXX_H

// C library.
#include <cassert>
#include <cctype>
#include <cerrno>
#include <cfenv>
#include <cfloat>
#include <cinttypes>
#include <climits>
#include <clocale>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuchar>
#include <cwchar>
#include <cwctype>

// C++ library (C++17).
#include <algorithm>
#include <any>
#include <array>
#include <atomic>
#include <bitset>
#include <charconv>
#include <chrono>
#include <codecvt>
#include <complex>
#include <condition_variable>
#include <deque>
#include <exception>
#include <execution>
#include <forward_list>
#include <fstream>
#include <functional>
#include <future>
#include <initializer_list>
#include <iomanip>
#include <ios>
#include <iosfwd>
#include <iostream>
#include <istream>
#include <iterator>
#include <limits>
#include <list>
#include <locale>
#include <map>
#include <memory>
#include <memory_resource>
#include <mutex>
#include <new>
#include <numeric>
#include <optional>
#include <ostream>
#include <queue>
#include <random>
#include <ratio>
#include <regex>
#include <scoped_allocator>
#include <set>
#include <shared_mutex>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <valarray>
#include <variant>
#include <vector>

// C++20 and later, when compiled for it.
#if __cplusplus > 201703L
#include <barrier>
#include <bit>
#include <compare>
#include <concepts>
#include <coroutine>
#include <format>
#include <latch>
#include <numbers>
#include <ranges>
#include <semaphore>
#include <source_location>
#include <span>
#include <stop_token>
#include <syncstream>
#include <version>
#endif
#if __cplusplus > 202002L
#include <expected>
#include <mdspan>
#include <print>
#endif

// The short unsigned names glibc's <sys/types.h> gives every g++ program (g++ defines
// _GNU_SOURCE, and the standard headers include <sys/types.h>), with glibc's types; kit code
// uses them (`for (uint i = 0; ...)`). wasi-libc declares them only under _GNU_SOURCE or
// _BSD_SOURCE, with the same types, so a player that defines those too still compiles.
typedef unsigned int uint;
typedef unsigned short int ushort;
typedef unsigned long int ulong;

#endif
