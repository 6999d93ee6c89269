; A malformed script for testing error reporting: the assertion misses a closing parenthesis.
(declare-fun s () String)
(assert (= (str.len s) 3)
(check-sat)
