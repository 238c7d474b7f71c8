//! The Gomocup/Piskvork protocol and Yixin-Board extensions (issue 3).
