; equifuzz run tests/data/findings/z3-4.8.14-z3str3/z3-unsound-83-1398c9f535a14235.smt2 --target z3 --solver-lib /root/.cache/equifuzz/solvers/z3-4.8.14.0/x/z3/lib/libz3.so --solver-option smt.string_solver=z3str3 --timeout 2000ms
; equifuzz finding: unsound
; expected: sat
; got: UNSOUND: expected sat, got unsat
; solver: z3 (Z3 4.8.14.0)
; options: target=z3 smt.string_solver=z3str3 timeout=2000ms engine=libafl dialect=smtlib2.6
; bucket: 9f7d11e9
; seed: 83
; category: term-synthesis
; chain: 
; model:
;   (define-fun tmp_str0 () String "\u{10000}\u{d800}")
;   (define-fun tmp_str1 () String "\u{5c}nb")
;   (define-fun tmp_str2 () String "18446744073709551616")
; output| unsat
; output| (error "line 7 column 39: model is not available")
(set-info :status sat)
(set-option :produce-models true)
(declare-const tmp_str0 String)
(declare-const tmp_str1 String)
(declare-const tmp_str2 String)
(assert (= (str.replace_all (str.replace_all "ab" "\u{e4}" "0") (str.from_code 9223372036854775807) (str.++ (str.from_int 3) tmp_str2)) (str.replace (str.++ "" "a\u{10000}") (str.replace tmp_str0 "\u{d800}" "") (str.at tmp_str1 2))))
(check-sat)
(get-value (tmp_str0 tmp_str1 tmp_str2))
