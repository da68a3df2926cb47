import GRDB
import Hummingbird
import Crypto
